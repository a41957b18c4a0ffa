/**
 * `npm run regen`: regenerates everything derived from the sources, in the order each step needs the
 * one before:
 *   1. the contract's document, openapi/openapi.json from its typed modules in openapi/src, then the API
 *      types made from it, openapi/schema.d.ts (`npm run generate:api` runs both);
 *   2. the path fixtures, tests/fixtures/paths/<machine>.json (`npm run fixtures:paths`);
 *   3. the walked-by report (src/qa/statecharts/walked-by/<machine>.json) of the machines whose report
 *      is stale: missing, naming other edges than the machine defines, or naming a test file that is
 *      gone (`coverage:paths --machine …`: those machines' walks only); `--all` walks every machine,
 *      `--machine a,b` the ones named;
 *   4. the statechart diagrams, docs/statecharts/<machine>.md (`npm run statecharts`), which show the
 *      walked-by report, hence last.
 * Stops at the first step that fails (a walk below 100% coverage fails its step).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { definedEdges } from '../src/qa/statecharts/edges';
import { MODELS } from '../src/qa/statecharts/models';
import { readWalkedBy } from '../tests/model/walked-by';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

function run(label: string, command: string, args: string[]): boolean {
  console.log(`\nregen: ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) console.error(`regen: ${label} failed (exit ${result.status})`);
  return result.status === 0;
}

/** The test files a machine's report names (the part of a test's name before ' > '). */
function namedFiles(walkedBy: Record<string, { machine: { tests: string[] }; ui: { tests: string[] } }>) {
  return new Set(
    Object.values(walkedBy).flatMap((edge) =>
      [...edge.machine.tests, ...edge.ui.tests].map((test) => test.split(' > ')[0] ?? ''),
    ),
  );
}

/** Machines whose walked-by report no longer describes them. */
function staleMachines(): string[] {
  const { machines } = readWalkedBy();
  return MODELS.filter((model) => {
    const report = machines[model.name];
    if (!report) return true;
    const defined = definedEdges(model.machine).map((edge) => edge.id);
    const reported = Object.keys(report.walkedBy);
    if (defined.length !== reported.length || defined.some((id) => !reported.includes(id))) return true;
    return [...namedFiles(report.walkedBy)].some((file) => !existsSync(file));
  }).map((model) => model.name);
}

function main(): number {
  // 1. The contract's document and the API types.
  if (!run('contract and API types', 'npm', ['run', 'generate:api'])) return 1;

  // 2. Path fixtures.
  if (!run('path fixtures', 'npm', ['run', 'fixtures:paths'])) return 1;

  // 3. Walked-by report.
  if (process.argv.includes('--all')) {
    if (!run('walked-by report', 'npm', ['run', 'coverage:paths'])) return 1;
  }
  const machines = process.argv.includes('--all') ? [] : (option('--machine')?.split(',') ?? staleMachines());
  if (process.argv.includes('--all')) {
    // Written by the full run above.
  } else if (machines.length === 0) console.log('\nregen: walked-by report: every machine is current');
  else if (
    !run('walked-by report', 'npx', ['tsx', 'scripts/coverage-paths.ts', '--machine', machines.join(',')])
  )
    return 1;

  // 4. Diagrams.
  if (!run('statechart diagrams', 'npm', ['run', 'statecharts'])) return 1;
  return 0;
}

process.exitCode = main();
