import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { MODELS } from '../../src/qa/statecharts/models';
import { generatePaths, stateLabel } from '../../src/qa/statecharts/paths';
import { walkPath } from '../../src/qa/statecharts/walk';
import { ASSERTIONS } from './assertions';
import { recordCoverage, summarise, uncoveredMessages } from './coverage';
import { walkWanted } from './walk-filter';

/**
 * Model-based tests: for every machine, every path generated from its model (src/qa/statecharts)
 * is walked on a real actor with faked invoked actors; at every step the state reached must be the one
 * the traversal predicted and must pass that state's assertions. The edges the walks took are then
 * compared with the edges the machine DEFINES: every one must be covered (none is excluded), and each
 * uncovered edge is named in the failure.
 */

for (const model of MODELS.filter((m) => walkWanted(m.name))) {
  describe(`${model.name} machine`, () => {
    const paths = generatePaths(model);
    const assertions = ASSERTIONS[model.name] ?? {};
    // Edge id → the tests that took it (for the walked-by report).
    const taken = new Map<string, Set<string>>();

    it('has paths and state assertions', () => {
      expect(paths.length).toBeGreaterThan(0);
      expect(
        ASSERTIONS[model.name],
        `declare assertions for ${model.name} in tests/model/assertions.ts`,
      ).toBeDefined();
    });

    it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
      await walkPath(model, path, (step, world) => {
        const where = `${model.name} step ${step.index} (${step.label})`;
        expect(step.actualKey, `${where}: state differs from the model's`).toBe(step.expectedKey);
        // 'done' only in a final state (a page that leaves on success); never stopped or errored.
        const finished = (step.snapshot._nodes as AnyStateNode[]).some((node) => node.type === 'final');
        expect(step.snapshot.status, `${where}: the machine stopped or errored`).toBe(
          finished ? 'done' : 'active',
        );
        for (const edge of step.edges) {
          const names = taken.get(edge.id) ?? new Set<string>();
          names.add(`tests/model/machines.test.ts > ${model.name} machine > ${path.id}`);
          taken.set(edge.id, names);
        }
        const label = stateLabel(step.snapshot);
        const assertion = assertions[label];
        expect(assertion, `${model.name}: no assertion declared for state ${label}`).toBeDefined();
        assertion?.(step.snapshot, step, world);
      });
    });

    it('covers every defined edge (state, event, guard outcome)', () => {
      recordCoverage('machine', model.name, taken);
      const [row] = summarise([{ level: 'machine', machine: model.name, edges: [...taken.keys()] }]).filter(
        (summary) => summary.machine === model.name,
      );
      if (!row) throw new Error(`no coverage row for ${model.name}`);
      const uncovered = uncoveredMessages(row);
      expect(uncovered, `uncovered edges:\n${uncovered.join('\n')}`).toEqual([]);
    });
  });
}
