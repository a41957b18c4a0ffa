import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { definedEdges } from '../../src/qa/statecharts/edges';
import { labelled, type MachineModel } from '../../src/qa/statecharts/model-kit';
import { generatePaths } from '../../src/qa/statecharts/paths';
import { walkPath } from '../../src/qa/statecharts/walk';

/** The coverage check itself: an edge that no path takes is reported by name. */
const toy = setup({
  types: { events: {} as { type: 'go'; ok: boolean } | { type: 'back' } },
  guards: { isOk: ({ event }) => event.type === 'go' && event.ok },
}).createMachine({
  id: 'toy',
  initial: 'a',
  states: {
    a: { on: { go: { guard: 'isOk', target: 'b' } } },
    b: { on: { back: 'a' } },
  },
});

async function covered(model: MachineModel): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const path of generatePaths(model)) {
    await walkPath(model, path, (step) => {
      for (const edge of step.edges) taken.add(edge.id);
    });
  }
  return taken;
}

describe('transition coverage measurement', () => {
  it('names the guard outcome that no payload takes', async () => {
    const onlyOk: MachineModel = {
      name: 'toy',
      group: 'test',
      machine: toy,
      inputs: [{ label: 'start' }],
      actors: {},
      events: () => [{ type: 'go', ok: true }, { type: 'back' }],
    };
    const taken = await covered(onlyOk);
    const missing = definedEdges(toy)
      .map((edge) => edge.id)
      .filter((id) => !taken.has(id));
    expect(missing).toEqual(['a --go [isOk ✗]--> (not taken)']);

    const both: MachineModel = {
      ...onlyOk,
      events: () => [
        labelled({ type: 'go', ok: true }, 'ok'),
        labelled({ type: 'go', ok: false }, 'not ok'),
        { type: 'back' },
      ],
    };
    const all = await covered(both);
    expect(definedEdges(toy).every((edge) => all.has(edge.id))).toBe(true);
  });
});
