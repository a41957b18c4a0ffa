import { defineConfig } from 'vitest/config';

/**
 * The tests a mutation run (`npm run test:mutation`, stryker.config.mjs) judges mutants by: the machine
 * tests, the model walks, the property walks and the path fixtures — the tests that state what the
 * machines must do. The fixtures (tests/model/coverage-kinds.test.ts) are the one generated file kept:
 * each committed path's state and actions at every step are behaviour, and replaying them is what
 * notices a transition's target, re-entry or action changed in a definition (the model walks generate
 * their paths from the mutated definition itself, so they agree with it). Left out: tests that compare
 * the machines with texts generated from them (statecharts docs, walked-by reports) or look at the
 * source tree (import graph), which would "kill" any change to a definition without saying that a
 * behaviour broke, and the tests of the other QA tools (the viewer's simulator, the coverage report).
 * `WALK_MACHINES` narrows every walk to some machines (a part of `npm run test:mutation:parts`).
 * Each mutant reruns the files of the tests that reach it (a static mutant, all of them), collection
 * included, so each run must be short: the property walks run fewer, seeded walks (every mutant is
 * judged by the same sequences), and tests/property/model-paths.test.ts, whose collection generates
 * every machine's paths a second time, is left out (tests/model/machines.test.ts walks the same paths).
 */
export default defineConfig({
  test: {
    include: [
      'tests/machines/**/*.test.ts',
      'tests/property/machines.property.test.ts',
      'tests/property/oracles.test.ts',
      'tests/model/machines.test.ts',
      'tests/model/registry.test.ts',
      'tests/model/coverage-kinds.test.ts',
    ],
    environment: 'node',
    // Instrumented code on a shared machine runs slower than the suite's usual runs.
    testTimeout: 60_000,
    env: {
      PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? '10',
      PROPERTY_SEED: process.env.PROPERTY_SEED ?? '20261125',
      MUTATION_RUN: '1',
    },
  },
});
