import type { AnyEventObject, AnyMachineSnapshot, StateValue } from 'xstate';
import type { DefinedEdge } from './edges';
import { type FixturePath, fixtureState } from './fixtures';
import { eventLabel, type MachineModel, PureRun } from './model-kit';
import { liveLabel } from './state-label';
import { type ActorOutcome, CRASH, definedEventTypes, labelOf, outcomeOf, parseSettle } from './step-labels';
import { WALK_TIMING, walkOffered } from './walk-samples';

/**
 * Replays a recorded path in the viewer (issue 25, points 2 and 6) on XState's pure `transition`: a path
 * fixture (with each step's expected state), a property walk's path or a live recording. A property step
 * is read as the walk wrote it (step-labels.ts): `send …` among the events the walk offered so far,
 * `resolve|reject <invoke>#<n> (<outcome>)` while call n runs (the result of a call that no longer runs
 * is ignored, as a stopped actor's is), `clock +N s` as N seconds of the machine's timers.
 */

export interface RecordedStep {
  label: string;
  /** The event itself (live recordings: the payload as recorded, masked). */
  event?: AnyEventObject;
  /** The state the recording says this step reaches (fixtures only). */
  expected?: string;
}

export interface RecordedPath {
  /** Where the path comes from: `fixture` (tests/fixtures/paths), `property` (a walk's path) or `live` (live-recording.ts). */
  kind: 'fixture' | 'property' | 'live';
  machine: string;
  id: string;
  input: string;
  /** The state the recording starts in (fixtures, live recordings). */
  start?: string;
  /** A live recording starts from its first recorded state and context, not from a model input. */
  from?: { value: StateValue; context: unknown };
  steps: RecordedStep[];
  /** Why a regression path is kept (the fault it caught). */
  why?: string;
}

export interface ReplayedStep {
  /** 0 is the start. */
  index: number;
  label: string;
  expected: string | undefined;
  /** The state reached, in the fixtures' form (`fixtureState`). */
  actual: string;
  snapshot: AnyMachineSnapshot;
  edges: DefinedEdge[];
  /** What happened besides a transition (a result of a call that no longer runs). */
  note?: string;
}

export interface Replay {
  steps: ReplayedStep[];
  /** The first step that could not be made, and why (the steps after it are not replayed). */
  stopped?: { index: number; label: string; reason: string };
}

export function fixtureRecording(machine: string, path: FixturePath): RecordedPath {
  return {
    kind: 'fixture',
    machine,
    id: path.id,
    input: path.input,
    start: path.start,
    steps: path.steps.map((step) => ({ label: step.event, expected: step.state })),
  };
}

export interface PropertyPath {
  machine: string;
  input: string;
  steps: string[];
  why?: string;
}

export function propertyRecording(path: PropertyPath, id: string): RecordedPath {
  return {
    kind: 'property',
    machine: path.machine,
    id,
    input: path.input,
    steps: path.steps.map((label) => ({ label })),
    ...(path.why ? { why: path.why } : {}),
  };
}

function isPropertyPath(value: unknown): value is PropertyPath {
  const path = value as Partial<PropertyPath> | null;
  return (
    typeof path === 'object' &&
    path !== null &&
    typeof path.machine === 'string' &&
    typeof path.input === 'string' &&
    Array.isArray(path.steps) &&
    path.steps.every((step) => typeof step === 'string')
  );
}

/**
 * A pasted path: the JSON object of regressions.json, or a failing walk's whole report, whose
 * `as a regression: {…}` line holds it. An error message when neither is found.
 */
export function parsePastedPath(text: string): PropertyPath | string {
  const marker = text.lastIndexOf('as a regression:');
  const json = (marker >= 0 ? text.slice(marker + 'as a regression:'.length) : text).trim();
  const end = json.lastIndexOf('}');
  let value: unknown;
  try {
    value = JSON.parse(json.slice(json.indexOf('{'), end + 1));
  } catch {
    return 'Not a path: paste the JSON a failing property walk prints after “as a regression:”.';
  }
  return isPropertyPath(value)
    ? value
    : 'Not a path: the JSON needs "machine", "input" and "steps" (a list of step labels).';
}

/**
 * What a property walk offers by the time of each step: every event the model offered so far (a walk
 * keeps them as samples), the bare types of the machine's events, the outcomes the model offered for
 * each invoke, and how many calls of each invoke were started.
 */
class WalkOffers {
  private readonly samples = new Map<string, AnyEventObject>();
  private readonly outcomes = new Map<string, Omit<ActorOutcome, 'id'>[]>();
  private readonly calls = new Map<string, number>();
  private children: Record<string, unknown> = {};

  constructor(private readonly model: MachineModel) {}

  /** Takes in what the model offers in `snapshot`, and the calls it started. */
  see(snapshot: AnyMachineSnapshot): void {
    const internal = WALK_TIMING[this.model.name]?.internalEvents ?? [];
    for (const event of walkOffered(this.model, snapshot)) {
      const outcome = outcomeOf(event);
      if (internal.includes(event.type)) continue;
      if (outcome) {
        const list = this.outcomes.get(outcome.id) ?? [];
        if (!list.some((known) => known.label === outcome.label)) list.push(outcome);
        this.outcomes.set(outcome.id, list);
      } else if (!this.samples.has(`send ${labelOf(event)}`))
        this.samples.set(`send ${labelOf(event)}`, event);
    }
    const children = snapshot.children as Record<string, unknown>;
    for (const [id, child] of Object.entries(children))
      if (this.children[id] !== child) this.calls.set(id, (this.calls.get(id) ?? 0) + 1);
    this.children = { ...children };
  }

  /** The event a `send` step names, or undefined. */
  event(label: string): AnyEventObject | undefined {
    const exact = this.samples.get(label);
    if (exact) return exact;
    // A labelled event matches by its name alone too, as the walk's replay allows.
    for (const event of this.samples.values())
      if (eventLabel(event) !== event.type && `send ${eventLabel(event)}` === label) return event;
    const type = label.slice('send '.length);
    const internal = WALK_TIMING[this.model.name]?.internalEvents ?? [];
    if (internal.includes(type)) return undefined;
    if (definedEventTypes(this.model.machine).includes(type) || type === 'prop.unhandled') return { type };
    return undefined;
  }

  /** The done/error event a settle step names; `ignored` when its call no longer runs. */
  settle(
    snapshot: AnyMachineSnapshot,
    label: string,
  ): { event: AnyEventObject } | { ignored: string } | { reason: string } | undefined {
    const settle = parseSettle(label);
    if (!settle) return undefined;
    const outcome = [...(this.outcomes.get(settle.id) ?? []), CRASH].find(
      (candidate) => candidate.label === settle.outcome && candidate.kind === settle.kind,
    );
    if (!outcome) return { reason: `the model offers no outcome “${settle.outcome}” for ${settle.id}` };
    const started = this.calls.get(settle.id) ?? 0;
    if (settle.n > started) return { reason: `${settle.id} was called ${started} time(s), not ${settle.n}` };
    const running = (snapshot.children as Record<string, unknown>)[settle.id] !== undefined;
    if (!running || settle.n < started)
      return { ignored: `call ${settle.id}#${settle.n} no longer runs: its result is ignored` };
    const type = `xstate.${settle.kind}.actor.${settle.id}`;
    return {
      event: settle.kind === 'done' ? { type, output: outcome.value } : { type, error: outcome.value },
    };
  }
}

const CLOCK = /^clock \+(\d+) s$/;

/** The events the running timer actors send in one second of the simulated clock. */
function timerEvents(model: MachineModel, snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const timers = WALK_TIMING[model.name]?.timers ?? {};
  return Object.values(snapshot.children as Record<string, { src?: unknown }>).flatMap((child) => {
    const timer = typeof child.src === 'string' ? timers[child.src] : undefined;
    return timer ? [{ type: timer.event }] : [];
  });
}

/** Replays a recorded path on the machine of `model`, step by step, as far as it can be made. */
export function replayRecording(model: MachineModel, path: RecordedPath): Replay {
  const input = model.inputs.find((candidate) => candidate.label === path.input);
  if (!input && !path.from)
    return {
      steps: [],
      stopped: { index: 0, label: path.input, reason: `${model.name} has no input “${path.input}”` },
    };
  const run = new PureRun(model, input?.input, path.from);
  const shown = (snapshot: AnyMachineSnapshot) =>
    path.kind === 'live' ? liveLabel(snapshot) : fixtureState(model, snapshot);
  const steps: ReplayedStep[] = [
    {
      index: 0,
      label: `start (${path.input})`,
      expected: path.start,
      actual: shown(run.snapshot),
      snapshot: run.snapshot,
      edges: run.startEdges,
    },
  ];
  const offers = new WalkOffers(model);
  offers.see(run.snapshot);
  for (const [position, step] of path.steps.entries()) {
    const index = position + 1;
    const stop = (reason: string): Replay => ({ steps, stopped: { index, label: step.label, reason } });
    if (run.snapshot.status !== 'active')
      return stop(`the machine is ${run.snapshot.status}: it takes no more events`);
    let event: AnyEventObject | undefined;
    let note: string | undefined;
    // What the step took: its event's edges, or, for a clock step, each edge its timers took, once.
    let edges: DefinedEdge[] = [];
    if (step.event) event = step.event;
    else if (path.kind === 'fixture') {
      event = model.events(run.snapshot).find((candidate) => eventLabel(candidate) === step.label);
      if (!event) return stop('the model offers no such event in this state');
    } else if (step.label.startsWith('send ')) {
      event = offers.event(step.label);
      if (!event) return stop('no event of that label and payload was offered so far');
    } else if (CLOCK.test(step.label)) {
      const seconds = Number(CLOCK.exec(step.label)?.[1]);
      const ticked = new Set<DefinedEdge>();
      for (let second = 0; second < seconds; second += 1)
        for (const tick of timerEvents(model, run.snapshot))
          for (const edge of run.send(tick)) ticked.add(edge);
      edges = [...ticked];
    } else {
      const settled = offers.settle(run.snapshot, step.label);
      if (!settled) return stop('not a step a property walk prints');
      if ('reason' in settled) return stop(settled.reason);
      if ('ignored' in settled) note = settled.ignored;
      else event = settled.event;
    }
    if (event) edges = run.send(event);
    offers.see(run.snapshot);
    steps.push({
      index,
      label: step.label,
      expected: step.expected,
      actual: shown(run.snapshot),
      snapshot: run.snapshot,
      edges,
      ...(note ? { note } : {}),
    });
  }
  return { steps };
}

/** A step whose state is not the one its recording expects. */
export function mismatched(step: ReplayedStep): boolean {
  return step.expected !== undefined && step.expected !== step.actual;
}
