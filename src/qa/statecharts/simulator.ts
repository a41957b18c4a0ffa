import type { AnyEventObject, AnyMachineSnapshot, AnyStateNode } from 'xstate';
import { eventLabel, type MachineModel, pureScope } from './model-kit';
import { type ModelPath, type PathStep, pathName } from './paths';
import { stateLabel } from './state-label';

/**
 * The simulator's rules, on the test models the paths come from: the enabled events are the model's
 * events some active state node handles, grouped by what QA decides (a guard's or an actor's outcome is
 * one choice each). The played path is a ModelPath, replayed on a real actor (walk.ts) like a test path.
 */

export interface Choice {
  event: AnyEventObject;
  /** `form.set (valid input)`: the event's label, as paths and shared URLs name it. */
  label: string;
  /** The state the choice leads to. */
  target: string;
  next: AnyMachineSnapshot;
}

export interface ChoiceGroup {
  /** The event type, or `submit settles` for the done/error events of invoked actor `submit`. */
  name: string;
  choices: Choice[];
}

const SETTLES = /^xstate\.(done|error)\.actor\.(.+)$/;

function groupName(event: AnyEventObject): string {
  const settles = SETTLES.exec(event.type);
  return settles ? `${settles[2]} settles` : event.type;
}

/**
 * Whether a state handles the event at all: some active state node has transitions for it. Its guards
 * may all fail (the ✗ outcome: the event is ignored there), which is a choice QA can play too.
 */
function handles(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  return (snapshot._nodes as AnyStateNode[]).some(
    (node) => node.ownEvents.includes(event.type) || node.ownEvents.includes('*'),
  );
}

/** Where each of `events` leads from `snapshot`, on the machine's pure transition. */
function nextStates(model: MachineModel, snapshot: AnyMachineSnapshot, events: AnyEventObject[]) {
  const scope = pureScope('simulator', {});
  return events.map((event) => model.machine.transition(snapshot, event, scope) as AnyMachineSnapshot);
}

export function startState(model: MachineModel, inputLabel: string): AnyMachineSnapshot {
  const input = model.inputs.find((candidate) => candidate.label === inputLabel)?.input;
  return model.machine.getInitialSnapshot(pureScope('simulator', {}), input) as AnyMachineSnapshot;
}

/** The choices enabled in a state, grouped; empty once the machine is done. */
export function enabledChoices(model: MachineModel, snapshot: AnyMachineSnapshot): ChoiceGroup[] {
  if (snapshot.status !== 'active') return [];
  const groups = new Map<string, Choice[]>();
  const events = model.events(snapshot).filter((candidate) => handles(snapshot, candidate));
  const after = nextStates(model, snapshot, events);
  for (const [index, event] of events.entries()) {
    const next = after[index] as AnyMachineSnapshot;
    const choice = { event, label: eventLabel(event), target: stateLabel(next), next };
    const name = groupName(event);
    groups.set(name, [...(groups.get(name) ?? []), choice]);
  }
  return [...groups].map(([name, choices]) => ({ name, choices }));
}

/** An edited event's label: its type, then its payload as JSON (the played path and the URL keep it so). */
export function editedLabel(event: AnyEventObject): string {
  const { type, ...payload } = event;
  return `${type} ${JSON.stringify(payload)}`;
}

const EDITED = /^(\S+) (\{.*\})$/s;

/**
 * An edited payload, typed by the preset it was edited from (one of the machine's own events): the
 * same keys, each value of the same kind. A message says what is wrong otherwise.
 */
export function parseEdited(preset: AnyEventObject, text: string): AnyEventObject | string {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return 'Not JSON.';
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return 'The payload is an object.';
  const { type, ...expected } = preset;
  const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
  for (const key of new Set([...Object.keys(expected), ...Object.keys(payload)])) {
    const want = expected[key];
    const got = (payload as Record<string, unknown>)[key];
    if (!(key in expected)) return `${type} has no “${key}”.`;
    if (!(key in payload)) return `${type} needs “${key}”.`;
    if (kind(got) !== kind(want)) return `“${key}” is ${kind(want)} in ${type}, not ${kind(got)}.`;
    if (kind(want) === 'object') {
      const nested = parseEdited({ type: `${type}.${key}`, ...(want as object) }, JSON.stringify(got));
      if (typeof nested === 'string') return nested;
    }
  }
  return { ...(payload as object), type };
}

/** The choice an edited label stands for, when the state handles its event type. */
function editedChoice(model: MachineModel, snapshot: AnyMachineSnapshot, label: string): Choice | undefined {
  const edited = EDITED.exec(label);
  if (!edited?.[1] || !edited[2]) return undefined;
  let event: AnyEventObject;
  try {
    event = { ...JSON.parse(edited[2]), type: edited[1] };
  } catch {
    return undefined; // a link whose JSON was cut
  }
  if (!handles(snapshot, event)) return undefined;
  const [next] = nextStates(model, snapshot, [event]);
  return next && { event, label, target: stateLabel(next), next };
}

/** The played path as a ModelPath (id `<input> · e1 → e2`), for the walk and the diagram. */
export function playedPath(
  model: MachineModel,
  inputLabel: string,
  steps: PathStep[],
  initial: AnyMachineSnapshot = startState(model, inputLabel),
): ModelPath {
  const input = model.inputs.find((candidate) => candidate.label === inputLabel)?.input;
  return { id: `${inputLabel} · ${pathName(steps)}`, inputLabel, input, initial, steps };
}

/**
 * Plays a shared path again from its labels. Stops at the first label the state does not enable (the
 * machine changed since the link was made) and says which.
 */
export function replay(
  model: MachineModel,
  inputLabel: string,
  labels: string[],
): { path: ModelPath; unmatched: string | undefined } {
  const initial = startState(model, inputLabel);
  const steps: PathStep[] = [];
  let snapshot = initial;
  for (const label of labels) {
    const choice =
      enabledChoices(model, snapshot)
        .flatMap((group) => group.choices)
        .find((candidate) => candidate.label === label) ?? editedChoice(model, snapshot, label);
    if (!choice) return { path: playedPath(model, inputLabel, steps, initial), unmatched: label };
    steps.push({ event: choice.event, label, state: choice.next });
    snapshot = choice.next;
  }
  return { path: playedPath(model, inputLabel, steps, initial), unmatched: undefined };
}
