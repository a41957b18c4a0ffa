import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
import {
  FIXTURE_COMMAND,
  fixtureState,
  type MachineFixture,
  machineFixture,
} from '../../src/qa/statecharts/fixtures';
import { MODELS } from '../../src/qa/statecharts/models';
import { stateLabel } from '../../src/qa/statecharts/paths';
import { walkPath } from '../../src/qa/statecharts/walk';
import { ASSERTIONS } from './assertions';
import { diffFixtures, replayablePath } from './path-fixtures';
import { walkWanted } from './walk-filter';

/**
 * Per machine, one walk of its paths serves two checks:
 *
 * - Path fixtures (src/qa/statecharts/fixtures.ts, tests/fixtures/paths): regenerated in memory they
 *   must equal the committed files, or the test prints what changed (paths gone or new, the first step
 *   that differs) until `npm run fixtures:paths` rewrites them; every committed path is replayed on a
 *   real actor with faked invoked actors and must reach the committed state and run the committed
 *   actions at every step. (The committed paths are the generated ones machines.test.ts walks: the
 *   first check says so.)
 * - Coverage beyond edges (src/qa/statecharts/coverage-kinds.ts): guard outcomes, transition pairs and
 *   parallel configurations the replayed paths and the pair paths (each state checked against the
 *   model's and its state assertion) take, against what the traversal of the definition reaches:
 *   100 % of the reachable items, and the unreachable ones exactly those of coverage-unreachable.json.
 *   Under `npm run coverage:paths` (STATECHART_COVERAGE_DIR) the items walked are written for its report.
 */

const FIXTURE_DIR = path.join(import.meta.dirname, '..', 'fixtures', 'paths');

function committedFixture(machine: string): MachineFixture | undefined {
  try {
    return JSON.parse(readFileSync(path.join(FIXTURE_DIR, `${machine}.json`), 'utf8')) as MachineFixture;
  } catch {
    return undefined;
  }
}

for (const model of MODELS.filter((m) => walkWanted(m.name))) {
  describe(`${model.name} machine (fixtures, guards, pairs, configurations)`, () => {
    const fixture = committedFixture(model.name);
    const collector = new KindCollector(model);
    const assertions = ASSERTIONS[model.name] ?? {};

    // Generating a list's paths takes seconds on a loaded machine.
    it('has fixtures that match the paths generated now', { timeout: 30_000 }, () => {
      expect(fixture, `no tests/fixtures/paths/${model.name}.json: run ${FIXTURE_COMMAND}`).toBeDefined();
      if (!fixture) return;
      const changes = diffFixtures(fixture, machineFixture(model));
      expect(
        changes,
        `${model.name}: the behaviour differs from tests/fixtures/paths/${model.name}.json ` +
          `(${changes.length} change(s)); if intended, run ${FIXTURE_COMMAND} and commit the diff:\n` +
          changes.join('\n'),
      ).toEqual([]);
    });

    it('replays the committed paths and walks the pair paths', { timeout: 120_000 }, async () => {
      expect(fixture?.paths.length, `no fixture paths for ${model.name}`).toBeGreaterThan(0);
      for (const entry of fixture?.paths ?? []) {
        collector.startPath();
        await walkPath(model, replayablePath(model, entry), (step) => {
          const where = `${model.name} fixture ${entry.id} step ${step.index} (${step.label})`;
          const expected = step.index === 0 ? entry.start : entry.steps[step.index - 1]?.state;
          const actions = step.index === 0 ? entry.startActions : entry.steps[step.index - 1]?.actions;
          expect(fixtureState(model, step.snapshot), `${where}: state`).toBe(expected);
          expect(
            step.actions.map((action) => action.type),
            `${where}: actions`,
          ).toEqual(actions);
          collector.step(step.edges, step.snapshot);
        });
      }
      const pairs = pairPaths(model);
      if (PAIR_MACHINES.includes(model.name)) expect(pairs.length).toBeGreaterThan(0);
      for (const walked of pairs) {
        collector.startPath();
        await walkPath(model, walked, (step, world) => {
          const where = `${model.name} ${walked.id} step ${step.index} (${step.label})`;
          expect(step.actualKey, `${where}: state differs from the model's`).toBe(step.expectedKey);
          const assertion = assertions[stateLabel(step.snapshot)];
          expect(assertion, `${where}: no assertion for ${stateLabel(step.snapshot)}`).toBeDefined();
          assertion?.(step.snapshot, step, world);
          collector.step(step.edges, step.snapshot);
        });
      }
    });

    // Not a judge of mutants (vitest.mutation.config.ts sets MUTATION_RUN): it names each pair by its
    // edges' guards and re-entry against coverage-unreachable.json, so a definition that behaves the same
    // (a self-transition of a state without entry, exit or invoke losing `reenter`) still fails it.
    it.skipIf(process.env.MUTATION_RUN === '1')(
      'covers every reachable guard outcome, pair and configuration; lists the rest',
      () => {
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
      },
    );
  });
}
