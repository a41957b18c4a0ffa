/**
 * `npm run regen`: regenerates, in order, the contract and API types, the path fixtures, the stale walked-by
 * reports (`--all` every machine, `--machine a,b` those named) and the diagrams; stops at the first failing
 * step, then fails if the database schema is ahead of its migrations (`npm run db:generate`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import * as dbSchema from '../server/db/schema';
import { definedEdges } from '../src/qa/statecharts/edges';
import { MODELS } from '../src/qa/statecharts/models';
import { readWalkedBy } from '../tests/model/walked-by';
import { flag, option } from './cli';

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

/** The SQL `npm run db:generate` would write now (none when the migrations hold the schema). */
async function pendingMigration(): Promise<string[]> {
  const meta = 'server/db/migrations/meta';
  const last = readdirSync(meta)
    .filter((file) => file.endsWith('_snapshot.json'))
    .sort()
    .at(-1);
  const previous = JSON.parse(readFileSync(`${meta}/${last}`, 'utf8'));
  return generateMigration(previous, generateDrizzleJson(dbSchema, previous.id));
}

async function main(): Promise<number> {
  // 1. The contract's document and the API types.
  if (!run('contract and API types', 'npm', ['run', 'generate:api'])) return 1;

  // 2. Path fixtures.
  if (!run('path fixtures', 'npm', ['run', 'fixtures:paths'])) return 1;

  // 3. Walked-by report (all machines: undefined).
  const machines = flag('--all') ? undefined : (option('--machine')?.split(',') ?? staleMachines());
  const only = machines ? ['--machine', machines.join(',')] : [];
  if (machines?.length === 0) console.log('\nregen: walked-by report: every machine is current');
  else if (!run('walked-by report', 'npx', ['tsx', 'scripts/coverage-paths.ts', ...only])) return 1;

  // 4. Diagrams.
  if (!run('statechart diagrams', 'npm', ['run', 'statecharts'])) return 1;

  const pending = await pendingMigration();
  if (pending.length === 0) return 0;
  console.error(
    `\nregen: the database schema is ahead of its migrations: run \`npm run db:generate\` (it would write:\n${pending.join('\n')})`,
  );
  return 1;
}

process.exitCode = await main();
