import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { maskedValue } from './inspector/mask';
import type { LiveRecording, RecordedEvent } from './live-recording';
import { eventLabel, type MachineModel } from './model-kit';
import { type PropertyPath, propertyRecording, replayRecording } from './replay';
import { liveLabel } from './state-label';
import { CRASH, labelOf, outcomeOf } from './step-labels';
import { walkOffered } from './walk-samples';

/**
 * A recording's actor as a property regression (issue 36 item 4; `npm run recording:regression`): the
 * same events as steps a property walk prints, from the machine's start. A recorded payload is masked,
 * so each event becomes the model's sample that takes today's machine to the recorded state, the one
 * whose context is nearest the recorded (masked) context among several; a call's answer becomes the
 * model's outcome of that status. The regression keeps the model's labels, never the recorded values.
 */

export type Converted = { regression: PropertyPath } | { error: string };

const MAX_CALLS = 8;
const MAX_CLOCK_SECONDS = 120;

/** A sample as a `send` step: by its label alone when it has one (regressions spell no values). */
const sendLabel = (sample: AnyEventObject) =>
  `send ${eventLabel(sample) === sample.type ? labelOf(sample) : eventLabel(sample)}`;

/**
 * The step labels that may stand for `event` in `snapshot`, the likeliest first; `otherTypes`: the
 * model's samples of the other event types (a masked `form.change` the model only samples as invalid is
 * reached by its `form.set (valid input)`).
 */
function candidates(
  model: MachineModel,
  snapshot: AnyMachineSnapshot,
  event: RecordedEvent,
  otherTypes = false,
): string[] {
  const clock = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (clock && !otherTypes) {
    const ms = Number(clock[1]);
    const first = Number.isFinite(ms) ? Math.max(1, Math.ceil(ms / 1000)) : 1;
    const rest = Array.from({ length: MAX_CLOCK_SECONDS }, (_, index) => index + 1).filter(
      (s) => s !== first,
    );
    return [first, ...rest].map((seconds) => `clock +${seconds} s`);
  }
  const offered = walkOffered(model, snapshot);
  const sends = (sameType: boolean) =>
    offered
      .filter((sample) => (sample.type === event.type) === sameType && !outcomeOf(sample))
      .map(sendLabel);
  if (otherTypes) return [...new Set(sends(false))];
  const settles = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settles) {
    const [, kind, id] = settles;
    const verb = kind === 'done' ? 'resolve' : 'reject';
    const status = (event.payload.error as { status?: unknown } | undefined)?.status;
    const outcomes = [
      ...offered.map(outcomeOf).filter((outcome) => outcome?.id === id && outcome.kind === kind),
      ...(kind === 'error' ? [CRASH] : []),
    ] as { label: string }[];
    // An answer of the recorded status first (`401: 401 "…"`).
    outcomes.sort(
      (a, b) => Number(b.label.startsWith(`${status}`)) - Number(a.label.startsWith(`${status}`)),
    );
    return Array.from({ length: MAX_CALLS }, (_, n) =>
      outcomes.map((o) => `${verb} ${id}#${n + 1} (${o.label})`),
    ).flat();
  }
  return [...new Set([...sends(true), `send ${event.type}`])];
}

/** How many of the recorded context's leaves today's (masked) context has the same. */
function likeness(recorded: unknown, today: unknown): number {
  if (recorded === null || typeof recorded !== 'object' || today === null || typeof today !== 'object')
    return JSON.stringify(recorded) === JSON.stringify(today) ? 1 : 0;
  return Object.entries(recorded).reduce(
    (sum, [key, value]) => sum + likeness(value, (today as Record<string, unknown>)[key]),
    0,
  );
}

/** The last step of `path` replayed on the machine's pure transition; undefined when it stopped short. */
function replayed(model: MachineModel, path: PropertyPath) {
  const replay = replayRecording(model, propertyRecording(path, ''));
  return replay.stopped ? undefined : replay.steps.at(-1);
}

/** `events` as steps after `path`'s, each the candidate nearest the recording; or where it departs. */
function continueWith(model: MachineModel, path: PropertyPath, events: RecordedEvent[]): Converted {
  const regression = { ...path };
  for (const [index, event] of events.entries()) {
    const tried = regression.steps;
    const current = replayed(model, regression);
    if (!current) return { error: `step ${index + 1} could not be replayed` };
    let best: { label: string; score: number } | undefined;
    for (const otherTypes of [false, true]) {
      if (best || (otherTypes && /^xstate\./.test(event.type))) break;
      for (const label of candidates(model, current.snapshot, event, otherTypes)) {
        const step = replayed(model, { ...regression, steps: [...tried, label] });
        if (!step || step.note || liveLabel(step.snapshot) !== liveLabel(event)) continue;
        const score = likeness(event.context, maskedValue(step.snapshot.context));
        if (!best || score > best.score) best = { label, score };
      }
    }
    if (!best)
      return {
        error: `today's ${model.name} departs from the recording at event ${index + 1} (${event.type}): no step from ${liveLabel(current.snapshot)} reaches the recorded ${liveLabel(event)}`,
      };
    regression.steps = [...tried, best.label];
  }
  return { regression };
}

const MAX_LEAD_IN = 5;

/**
 * The ways from each start of the machine, shortest first (by breadth, one per state and context): an
 * actor the app started before the recording began is reached by one of them.
 */
function* leadIns(model: MachineModel): Generator<PropertyPath> {
  const seen = new Set<string>();
  let layer = model.inputs.map((input) => ({
    machine: model.name,
    input: input.label,
    steps: [] as string[],
  }));
  for (let depth = 0; depth <= MAX_LEAD_IN && layer.length > 0; depth += 1) {
    const next: PropertyPath[] = [];
    for (const path of layer) {
      const step = replayed(model, path);
      const key = step && `${liveLabel(step.snapshot)} ${JSON.stringify(maskedValue(step.snapshot.context))}`;
      if (!step || step.note || !key || seen.has(key)) continue;
      seen.add(key);
      yield path;
      if (step.snapshot.status !== 'active') continue;
      const labels = new Set(
        walkOffered(model, step.snapshot).flatMap((event) => {
          const outcome = outcomeOf(event);
          if (!outcome) return [sendLabel(event)];
          const verb = outcome.kind === 'done' ? 'resolve' : 'reject';
          return [1, 2, 3].map((n) => `${verb} ${outcome.id}#${n} (${outcome.label})`);
        }),
      );
      for (const label of labels) next.push({ ...path, steps: [...path.steps, label] });
    }
    layer = next;
  }
}

/**
 * One actor's events (`actor` as the recording names it) as a regression of its machine. An actor the
 * recording saw start begins at the input that starts in its first state; one already running begins
 * with the shortest way from a start to a state its first events continue from.
 */
export function recordingRegression(recording: LiveRecording, actor: string, model: MachineModel): Converted {
  const events = recording.events.filter((event) => event.actor === actor);
  const [first] = events;
  if (!first) return { error: `the recording has no actor ${actor}` };
  const why = `recording saved ${recording.saved}, actor ${actor}`;
  if (first.type === 'xstate.init') {
    const input = model.inputs.find(
      (candidate) =>
        liveLabel(
          replayed(model, { machine: model.name, input: candidate.label, steps: [] })?.snapshot ?? first,
        ) === liveLabel(first) && candidate,
    );
    if (!input)
      return { error: `no input of ${model.name} starts in the recorded state ${liveLabel(first)}` };
    const converted = continueWith(
      model,
      { machine: model.name, input: input.label, steps: [] },
      events.slice(1),
    );
    return 'error' in converted ? converted : { regression: { ...converted.regression, why } };
  }
  let departure: Converted | undefined;
  for (const leadIn of leadIns(model)) {
    if ('error' in continueWith(model, leadIn, events.slice(0, 1))) continue;
    const converted = continueWith(model, leadIn, events);
    if ('regression' in converted)
      return {
        regression: {
          ...converted.regression,
          why: `${why}; it was running when the recording began${leadIn.steps.length ? `: its first ${leadIn.steps.length} step(s) lead there from the start` : ''}`,
        },
      };
    departure ??= converted;
  }
  return (
    departure ?? {
      error: `no way of ${MAX_LEAD_IN} steps or fewer from ${model.name}'s start leads to where ${actor}'s recording begins (${first.type} → ${liveLabel(first)})`,
    }
  );
}
