import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { eventLabel, type MachineModel, pureScope } from './model-kit';
import { generatePaths, type ModelPath } from './paths';
import { stateLabel } from './state-label';

/**
 * Path fixtures (issue 25, point 6): every generated path of a machine with what each step must give,
 * committed as tests/fixtures/paths/<machine>.json. A fixture is plain JSON a reviewer reads: the event
 * of each step by its model label, the state key after it (state value, status, the model's context
 * abstraction) and the actions the step runs. tests/machines/path-fixtures.test.ts regenerates them in
 * memory (a difference is a change of behaviour: it fails with `diffFixtures`' lines until
 * `npm run fixtures:paths` rewrites the files, so the diff shows what changed) and replays every
 * committed path on a real actor. Payloads are not stored: a step's event is the one the model offers
 * under that label in the state reached (`replayablePath`), so errors and files stay real objects.
 */

export interface FixtureStep {
  /** The model's label of the event: `form.set (valid input)`. */
  event: string;
  /** The state after the step (`fixtureState`): `list.ready {page>1,full}`. */
  state: string;
  /** The actions the step runs, in order. */
  actions: string[];
}

export interface FixturePath {
  id: string;
  /** The model input's label. */
  input: string;
  /** The state key at the start, and the actions the start runs. */
  start: string;
  startActions: string[];
  steps: FixtureStep[];
}

export interface MachineFixture {
  machine: string;
  regenerate: string;
  paths: FixturePath[];
}

export const FIXTURE_COMMAND = 'npm run fixtures:paths';

/**
 * A step's expected state as a fixture holds it: the dotted state value, the status when not active,
 * and the model's abstraction of context (what the walks' state key holds, in a readable form).
 */
export function fixtureState(model: MachineModel, snapshot: AnyMachineSnapshot): string {
  const status = snapshot.status === 'active' ? '' : ` [${snapshot.status}]`;
  const extra = model.key ? ` {${model.key(snapshot)}}` : '';
  return `${stateLabel(snapshot)}${status}${extra}`;
}

/** Steps `events` through the machine's pure transition: each snapshot and the actions of each step. */
function run(model: MachineModel, input: unknown, events: (snapshot: AnyMachineSnapshot) => AnyEventObject) {
  let actions: string[] = [];
  const scope = pureScope('fixtures', { action: (type) => actions.push(type) });
  const initial = model.machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot;
  const startActions = actions;
  const step = (snapshot: AnyMachineSnapshot) => {
    actions = [];
    const event = events(snapshot);
    const next = model.machine.transition(snapshot, event, scope) as AnyMachineSnapshot;
    return { event, next, actions };
  };
  return { initial, startActions, step };
}

/** The fixture of one generated path, computed from the machine definition. */
function fixturePath(model: MachineModel, path: ModelPath): FixturePath {
  let index = 0;
  const runner = run(model, path.input, () => path.steps[index]?.event as AnyEventObject);
  let snapshot = runner.initial;
  const steps: FixtureStep[] = [];
  for (; index < path.steps.length; index++) {
    const { event, next, actions } = runner.step(snapshot);
    steps.push({ event: eventLabel(event), state: fixtureState(model, next), actions });
    snapshot = next;
  }
  return {
    id: path.id,
    input: path.inputLabel,
    start: fixtureState(model, runner.initial),
    startActions: runner.startActions,
    steps,
  };
}

export function machineFixture(model: MachineModel): MachineFixture {
  return {
    machine: model.name,
    regenerate: FIXTURE_COMMAND,
    paths: generatePaths(model).map((path) => fixturePath(model, path)),
  };
}

/**
 * The file's text: one step per line, so that a diff names the step that changed (`npm run
 * fixtures:paths` then formats it as biome does, which keeps a short step on its line).
 */
export function fixtureText(fixture: MachineFixture): string {
  const steps = (path: FixturePath) =>
    path.steps.length ? `[\n${path.steps.map((step) => JSON.stringify(step)).join(',\n')}\n]` : '[]';
  const paths = fixture.paths.map((path) => {
    const { steps: _steps, ...head } = path;
    const fields = Object.entries(head).map(
      ([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`,
    );
    return `{\n${[...fields, `"steps": ${steps(path)}`].join(',\n')}\n}`;
  });
  const { paths: _paths, ...head } = fixture;
  const fields = Object.entries(head).map(
    ([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`,
  );
  return `{\n${[...fields, `"paths": [\n${paths.join(',\n')}\n]`].join(',\n')}\n}\n`;
}

/**
 * A committed path as a model path: each step's event is the one the model offers under the fixture's
 * label in the state the previous steps reached. Throws, naming the step, when the model no longer
 * offers that event there.
 */
export function replayablePath(model: MachineModel, fixture: FixturePath): ModelPath {
  const input = model.inputs.find((candidate) => candidate.label === fixture.input);
  if (!input) throw new Error(`${model.name} ${fixture.id}: the model has no input '${fixture.input}'`);
  let index = 0;
  const runner = run(model, input.input, (snapshot) => {
    const label = fixture.steps[index]?.event;
    const event = model.events(snapshot).find((candidate) => eventLabel(candidate) === label);
    if (!event)
      throw new Error(`${model.name} ${fixture.id} step ${index + 1}: the model offers no '${label}' here`);
    return event;
  });
  let snapshot = runner.initial;
  const steps: ModelPath['steps'] = [];
  for (; index < fixture.steps.length; index++) {
    const { event, next } = runner.step(snapshot);
    steps.push({ event, label: eventLabel(event), state: next });
    snapshot = next;
  }
  return { id: fixture.id, inputLabel: input.label, input: input.input, initial: runner.initial, steps };
}

/**
 * What changed between the committed fixture and the regenerated one, as lines a reviewer reads:
 * paths gone, paths new, and, for a path in both, the first step whose event, state or actions differ.
 */
export function diffFixtures(committed: MachineFixture, current: MachineFixture): string[] {
  const lines: string[] = [];
  const before = new Map(committed.paths.map((path) => [path.id, path]));
  const after = new Map(current.paths.map((path) => [path.id, path]));
  for (const id of before.keys()) if (!after.has(id)) lines.push(`- path gone: ${id}`);
  for (const id of after.keys()) if (!before.has(id)) lines.push(`+ path new: ${id}`);
  const show = (state: string, actions: string[]) => `${state} [${actions.join(', ')}]`;
  for (const [id, old] of before) {
    const now = after.get(id);
    if (!now) continue;
    if (old.start !== now.start || old.startActions.join() !== now.startActions.join()) {
      lines.push(
        `~ ${id}, start: ${show(old.start, old.startActions)} → ${show(now.start, now.startActions)}`,
      );
      continue;
    }
    const length = Math.max(old.steps.length, now.steps.length);
    for (let i = 0; i < length; i++) {
      const a = old.steps[i];
      const b = now.steps[i];
      if (a && b && a.event === b.event && a.state === b.state && a.actions.join() === b.actions.join())
        continue;
      lines.push(
        `~ ${id}, step ${i + 1}: ${a ? `${a.event} ⇒ ${show(a.state, a.actions)}` : '(none)'}  became  ${b ? `${b.event} ⇒ ${show(b.state, b.actions)}` : '(none)'}`,
      );
      break;
    }
  }
  if (lines.length === 0 && committed.regenerate !== current.regenerate)
    lines.push(`~ regenerate: ${committed.regenerate} → ${current.regenerate}`);
  return lines;
}
