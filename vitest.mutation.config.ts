import { defineConfig } from 'vitest/config';

/**
 * The tests a mutation run (`npm run test:mutation`, stryker.config.mjs) judges mutants by: the machine
 * tests, the model walks and the property walks — the tests that state what the machines must do.
 * Left out: tests that compare the machines with files generated from them (statecharts docs, walked-by
 * reports) or look at the source tree (import graph), which would "kill" any change to a definition
 * without saying that a behaviour broke, and the tests of the QA tools (coverage, the viewer's simulator).
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
    ],
    environment: 'node',
    // Instrumented code on a shared machine runs slower than the suite's usual runs.
    testTimeout: 60_000,
    env: {
      PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? '10',
      PROPERTY_SEED: process.env.PROPERTY_SEED ?? '20261125',
    },
  },
});
