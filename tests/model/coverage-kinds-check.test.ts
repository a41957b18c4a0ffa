import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import {
  definedItems,
  explore,
  KindCollector,
  kindFailures,
  measureKinds,
} from '../../src/qa/statecharts/coverage-kinds';
import { machineFixture } from '../../src/qa/statecharts/fixtures';
import { labelled, type MachineModel } from '../../src/qa/statecharts/model-kit';
import { generatePaths } from '../../src/qa/statecharts/paths';
import { walkPath } from '../../src/qa/statecharts/walk';
import { diffFixtures } from './path-fixtures';

/**
 * The measures themselves, on a toy machine: an item no walk takes is reported, an item the model's
 * events cannot reach and that no list names is reported, parallel configurations are the regions'
 * product, and a changed behaviour shows in the fixture diff.
 */
const toy = setup({
  types: { events: {} as { type: 'go'; ok: boolean } | { type: 'back' } | { type: 'flip' } },
  guards: { isOk: ({ event }) => event.type === 'go' && event.ok },
  actions: { noted: () => {} },
}).createMachine({
  id: 'toy',
  type: 'parallel',
  states: {
    main: {
      initial: 'a',
      states: {
        a: { on: { go: { guard: 'isOk', target: 'b', actions: 'noted' } } },
        b: { on: { back: 'a' } },
      },
    },
    light: { initial: 'off', states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } } },
  },
});

const model = (events: MachineModel['events']): MachineModel => ({
  name: 'toy',
  group: 'test',
  machine: toy,
  inputs: [{ label: 'start' }],
  actors: {},
  events,
});

async function walked(subject: MachineModel) {
  const collector = new KindCollector(subject);
  for (const path of generatePaths(subject)) {
    collector.startPath();
    await walkPath(subject, path, (step) => collector.step(step.edges, step.snapshot));
  }
  return collector.items();
}

describe('coverage beyond edges, measured', () => {
  it('names the guard outcome that the model cannot reach and no list names', async () => {
    const onlyOk = model(() => [{ type: 'go', ok: true }, { type: 'back' }, { type: 'flip' }]);
    expect(definedItems(onlyOk).guards).toEqual(['main.a --go #1 isOk ✓', 'main.a --go #1 isOk ✗']);
    expect(explore(onlyOk).items.guards).toEqual(['main.a --go #1 isOk ✓']);
    const failures = kindFailures('toy', measureKinds(onlyOk, await walked(onlyOk)));
    expect(failures).toEqual([
      'toy guards: unreachable, not in coverage-unreachable.json: main.a --go #1 isOk ✗',
    ]);
  });

  it('names what the walks did not take, and counts the configurations of the regions', () => {
    const both = model(() => [
      labelled({ type: 'go', ok: true }, 'ok'),
      labelled({ type: 'go', ok: false }, 'not ok'),
      { type: 'back' },
      { type: 'flip' },
    ]);
    const measures = measureKinds(both, { guards: ['main.a --go #1 isOk ✓'], pairs: [], configurations: [] });
    expect(measures.guards.uncovered).toEqual(['main.a --go #1 isOk ✗']);
    expect(measures.configurations.reachable).toBe(4);
    expect(measures.configurations.uncovered).toHaveLength(4);
    expect(kindFailures('toy', measures)).toHaveLength(5);
  });

  it('takes every reachable item when the walks follow the model', async () => {
    const both = model(() => [
      labelled({ type: 'go', ok: true }, 'ok'),
      labelled({ type: 'go', ok: false }, 'not ok'),
      { type: 'back' },
      { type: 'flip' },
    ]);
    expect(kindFailures('toy', measureKinds(both, await walked(both)))).toEqual([]);
  });

  it('shows a dropped action as the step that changed', () => {
    const subject = model(() => [{ type: 'go', ok: true }, { type: 'back' }]);
    const before = machineFixture(subject);
    const dropped = structuredClone(before);
    const step = dropped.paths.flatMap((path) => path.steps).find((s) => s.actions.includes('noted'));
    if (!step) throw new Error('no step runs noted');
    step.actions = [];
    // The committed file had the step without the action; the machine now runs it.
    const lines = diffFixtures(dropped, before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /step \d+: go ⇒ main\.b \+ light\.off \[\] {2}became {2}go ⇒ main\.b \+ light\.off \[noted\]/,
    );
  });
});
