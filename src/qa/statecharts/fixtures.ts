import type { AnyMachineSnapshot } from 'xstate';
import { eventLabel, type MachineModel, PureRun } from './model-kit';
import { generatePaths, type ModelPath, stateKey } from './paths';
import { stateLabel } from './state-label';

/**
 * Path fixtures (issue 25, point 6): every generated path of a machine with what each step must give,
 * committed as tests/fixtures/paths/<machine>.json so that a change of behaviour shows as a diff
 * (tests/model/path-fixtures.ts; `npm run fixtures:paths` rewrites them). Payloads are not stored: a
 * step's event is the one the model offers under that label in the state reached.
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

/** A step's expected state as a fixture holds it: the state key with a dotted value (`list.ready {page>1,full}`). */
export const fixtureState = (model: MachineModel, snapshot: AnyMachineSnapshot) =>
  stateKey(model, snapshot, stateLabel(snapshot));

/** The fixture of one generated path, computed from the machine definition. */
function fixturePath(model: MachineModel, path: ModelPath): FixturePath {
  const run = new PureRun(model, path.input);
  const start = fixtureState(model, run.snapshot);
  const startActions = run.actions;
  const steps = path.steps.map(({ event }) => {
    run.send(event);
    return { event: eventLabel(event), state: fixtureState(model, run.snapshot), actions: run.actions };
  });
  return { id: path.id, input: path.inputLabel, start, startActions, steps };
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
  const object = (head: object, key: string, items: string[]) => {
    const fields = Object.entries(head).map(
      ([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)}`,
    );
    const list = items.length ? `[\n${items.join(',\n')}\n]` : '[]';
    return `{\n${[...fields, `"${key}": ${list}`].join(',\n')}\n}`;
  };
  const { paths, ...head } = fixture;
  const texts = paths.map(({ steps, ...path }) =>
    object(
      path,
      'steps',
      steps.map((step) => JSON.stringify(step)),
    ),
  );
  return `${object(head, 'paths', texts)}\n`;
}
