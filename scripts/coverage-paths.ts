/**
 * `npm run coverage:paths`: runs the model-based tests (and any UI walks) with a coverage directory,
 * then prints, per machine, the edges its walks covered against the edges its definition has:
 *   <machine> machine <covered>/<defined> ui <covered>/<defined or ->
 * and a total line. Exits non-zero when a test failed, a machine is below 100% at machine level, or a
 * UI-walked machine is below 100% at UI level. COVERAGE_PATHS_PROJECTS=model skips the UI walks
 * (a quicker run; the ui column then shows -).
 *
 * A run of both levels also writes src/qa/statecharts/walked-by/<machine>.json: per machine
 * and defined edge (state, event, guard outcome), the tests that walk it at machine and at UI level
 * (the shortest few by name, with the count). The QA viewer shows it when an edge is selected, and
 * `npm run statecharts` puts it in each machine's table. `--json` prints that report instead of the table.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatReport, readRecords, summarise, uncoveredMessages } from '../tests/model/coverage';
import { walkedByReport, writeWalkedBy } from '../tests/model/walked-by';

const json = process.argv.includes('--json');

const dir = mkdtempSync(path.join(tmpdir(), 'statechart-coverage-'));
const projects = (process.env.COVERAGE_PATHS_PROJECTS ?? 'model,ui-walk')
  .split(',')
  .flatMap((name) => ['--project', name]);
const run = spawnSync('npx', ['vitest', 'run', ...projects, '--reporter=dot'], {
  // With --json, stdout is the report alone: the tests' output goes to stderr.
  stdio: ['ignore', json ? 2 : 'inherit', 'inherit'],
  env: { ...process.env, STATECHART_COVERAGE_DIR: dir },
});
const rows = summarise(readRecords(dir));
rmSync(dir, { recursive: true, force: true });
const report = walkedByReport(rows);
// Only a run of both levels knows both columns; what failed is missing from it, and the run fails.
if (!process.env.COVERAGE_PATHS_PROJECTS) writeWalkedBy(report);
if (json) {
  console.log(JSON.stringify(report, null, 2));
  process.exit(run.status === 0 ? 0 : 1);
}

console.log('\nStatechart transition coverage (edges from the machine definitions):');
for (const line of formatReport(rows)) console.log(line);
const uncovered = rows.flatMap((row) => uncoveredMessages(row));
if (uncovered.length) {
  console.log('\nUncovered at machine level:');
  for (const line of uncovered) console.log(`  ${line}`);
}
const uncoveredUi = rows.filter((row) => row.uiCovered).flatMap((row) => uncoveredMessages(row, 'ui'));
if (uncoveredUi.length) {
  console.log('\nUncovered at UI level:');
  for (const line of uncoveredUi) console.log(`  ${line}`);
}
process.exit(run.status === 0 && uncovered.length === 0 && uncoveredUi.length === 0 ? 0 : 1);
