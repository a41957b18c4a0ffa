// @ts-check
/**
 * Mutation testing (`npm run test:mutation`, issue #25 item 5): Stryker changes the machines, the
 * refusal and form helpers, the page and upload rules one small fault at a time and runs the tests of
 * vitest.mutation.config.ts against each; a mutant no test notices "survives". Static mutants — those
 * in the machine definitions, evaluated once when a module loads — are included: the statecharts are
 * the product. `-- --ignoreStatic` runs the quick part only (see ARCHITECTURE.md, Mutation score).
 * Needs Node ≥ 22. Two workers at most: the machine is shared.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const MUTATED = ['src/machines/**/*.ts', 'src/api/refusal.ts', 'src/api/paging.ts'];
/**
 * `MUTATION_PART=<file>` (set by scripts/mutation/run-parts.ts) mutates that one file and writes its
 * reports under reports/mutation/parts/, so the static mutants can be measured one file at a time,
 * each part's result kept as soon as it ends, and merged afterwards.
 */
const part = process.env.MUTATION_PART;
/**
 * `MUTATION_RECHECK=<file:line:column-line:column,…>` (with MUTATION_PART, set by the same script) runs
 * the mutants of those ranges again: a part's survivors and "not covered" ones, against tests added since.
 * It asks for `coverageAnalysis: 'off'` (every test of the part for each), but the Vitest runner's
 * report still shows per-test coverage, so a mutant it wrongly sees as not covered may stay so.
 */
const recheck = process.env.MUTATION_RECHECK;
const reports = part
  ? `reports/mutation/parts/${part.replaceAll('/', '__')}.${recheck ? 'recheck.' : ''}`
  : 'reports/mutation/';

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './scripts/mutation/requirements-ignorer.mjs'],
  // The spec requirement ids in the machines' meta are traceability, not behaviour: not mutated.
  ignorers: ['requirements'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: recheck ? recheck.split(',') : part ? [part] : MUTATED,
  coverageAnalysis: recheck ? 'off' : 'perTest',
  ignoreStatic: false,
  concurrency: 2,
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${reports}index.html` },
  jsonReporter: { fileName: `${reports}mutation.json` },
  tempDirName: '.stryker-tmp',
  // `-- --incremental` reuses this file's results for mutants whose code and tests did not change.
  incrementalFile: `${reports}incremental.json`,
  cleanTempDir: true,
};
