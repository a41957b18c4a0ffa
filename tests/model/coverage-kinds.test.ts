import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatKinds,
  KindCollector,
  kindFailures,
  measureKinds,
  PAIR_MACHINES,
  pairPaths,
} from '../../src/qa/statecharts/coverage-kinds';
import { MODELS } from '../../src/qa/statecharts/models';
import { generatePaths, stateLabel } from '../../src/qa/statecharts/paths';
import { walkPath } from '../../src/qa/statecharts/walk';
import { ASSERTIONS } from './assertions';

/**
 * Coverage beyond edges (src/qa/statecharts/coverage-kinds.ts): guard outcomes, transition pairs and
 * parallel configurations, as the walks take them — every model path (the ones machines.test.ts walks)
 * and the pair paths, each replayed on a real actor with its states and state assertions checked —
 * against what the traversal of the definition reaches. 100 % of the reachable items must be walked;
 * the unreachable ones must be exactly those of coverage-unreachable.json, so that list cannot go stale.
 * Under `npm run coverage:paths` (STATECHART_COVERAGE_DIR) the items walked are written for its report.
 */

for (const model of MODELS) {
  describe(`${model.name} machine (guards, pairs, configurations)`, () => {
    const collector = new KindCollector(model);
    const assertions = ASSERTIONS[model.name] ?? {};

    it('walks the model paths and the pair paths', async () => {
      const pairs = pairPaths(model);
      if (PAIR_MACHINES.includes(model.name)) expect(pairs.length).toBeGreaterThan(0);
      for (const walked of [...generatePaths(model), ...pairs]) {
        collector.startPath();
        await walkPath(model, walked, (step, world) => {
          const where = `${model.name} ${walked.id} step ${step.index} (${step.label})`;
          expect(step.actualKey, `${where}: state differs from the model's`).toBe(step.expectedKey);
          assertions[stateLabel(step.snapshot)]?.(step.snapshot, step, world);
          collector.step(step.edges, step.snapshot);
        });
      }
    });

    it('covers every reachable guard outcome, pair and configuration; lists the rest', () => {
      const items = collector.items();
      const dir = process.env.STATECHART_COVERAGE_DIR;
      if (dir) {
        mkdirSync(path.join(dir, 'kinds'), { recursive: true });
        writeFileSync(path.join(dir, 'kinds', `${model.name}.json`), JSON.stringify(items));
      }
      const measures = measureKinds(model, items);
      console.log(`${model.name}: ${formatKinds(measures)}`);
      const failures = kindFailures(model.name, measures);
      expect(failures, failures.join('\n')).toEqual([]);
    });
  });
}
