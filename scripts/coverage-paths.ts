/**
 * `npm run coverage:paths` (`npm run walk -- <machine>`): runs the model tests and UI walks, then prints per
 * machine the edges walked against those defined, at machine and UI level, and the guard outcomes, pairs and
 * parallel configurations beyond edges; fails on a failed test or an unwalked reachable item. A passing run
 * of both levels writes src/qa/statecharts/walked-by/<machine>.json.
 *
 * --json prints the report; --machine a,b only these machines; --records <dir> reports an earlier run's
 * records, writing nothing. COVERAGE_PATHS_PROJECTS=model skips the UI walks.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONFIRMATIONS } from '../src/features/confirmations';
import { FORM_DIALOGS } from '../src/features/form-dialogs';
import {
  COVERAGE_KINDS,
  formatKinds,
  type KindSets,
  type KindsMeasure,
  kindFailures,
  measureKinds,
} from '../src/qa/statecharts/coverage-kinds';
import { faultFailures, formatFaults, summariseFaults } from '../src/qa/statecharts/faults';
import { MODELS } from '../src/qa/statecharts/models';
import { formatReport, readRecords, summarise, uncoveredMessages } from '../tests/model/coverage';
import { walkedByReport, writeWalkedBy } from '../tests/model/walked-by';
import { flag, option, print } from './cli';

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The guard, pair and configuration items the walks of each machine took (null: not reported). */
function readKinds(dir: string): Map<string, KindSets | null> {
  return new Map(
    MODELS.map((model) => {
      const file = path.join(dir, 'kinds', `${model.name}.json`);
      return [model.name, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as KindSets) : null];
    }),
  );
}

const WALKS_DIR = 'tests/ui/walks';

/** The UI walk files that may walk `machines` (each costs seconds in jsdom); all when none names one. */
function walkFiles(machines: string[]): string[] {
  const files = readdirSync(WALKS_DIR)
    .filter((file) => file.endsWith('.test.tsx'))
    .map((file) => path.join(WALKS_DIR, file));
  const confirmations = new Set(CONFIRMATIONS.map((descriptor) => descriptor.name));
  // A form dialog's walk is the file of its route (item-forms: '/items', admin-forms: '/admin').
  const formDialogRoutes = new Map(FORM_DIALOGS.map(({ name, screen }) => [name, screen.route]));
  const named = files.filter((file) => {
    const text = readFileSync(file, 'utf8');
    return machines.some((machine) => {
      const route = formDialogRoutes.get(machine);
      return (
        text.includes(`'${machine}'`) ||
        (confirmations.has(machine) && text.includes('CONFIRMATIONS')) ||
        (route !== undefined && text.includes('FORM_DIALOGS') && text.includes(`'${route}'`))
      );
    });
  });
  return named.length > 0 ? named : [`${WALKS_DIR}/`];
}

/** Runs the tests (or reads an earlier run's records); the coverage rows and whether the tests passed. */
function collect(json: boolean, machines: string[] | undefined) {
  const records = option('--records');
  if (records) {
    const read = readRecords(records);
    return {
      rows: summarise(read),
      faults: summariseFaults(MODELS, read),
      kinds: readKinds(records),
      passed: true,
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'statechart-coverage-'));
  const projects = (process.env.COVERAGE_PATHS_PROJECTS ?? 'model,ui-walk')
    .split(',')
    .flatMap((name) => ['--project', name]);
  // A machine's model paths are named '<machine> machine > …', its UI walk '<machine> (UI walk) > …';
  // WALK_MACHINES keeps the other machines' walks from being planned at all (tests/model/walk-filter.ts).
  const only = machines
    ? [
        'tests/model/machines.test.ts',
        'tests/model/coverage-kinds.test.ts',
        ...walkFiles(machines),
        '-t',
        `^(${machines.map(literal).join('|')}) (machine|\\(UI walk\\)) `,
        // The inner loop keeps vitest's transformed modules between runs (docs/inner-loop.md).
        '--experimental.fsModuleCache',
        `--experimental.fsModuleCachePath=${path.join(tmpdir(), `vitest-walk-cache-${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12)}`)}`,
      ]
    : [];
  const run = spawnSync('npx', ['vitest', 'run', ...projects, ...only, '--reporter=dot'], {
    // With --json, stdout is the report alone: the tests' output goes to stderr.
    stdio: ['ignore', json ? 2 : 'inherit', 'inherit'],
    env: {
      ...process.env,
      STATECHART_COVERAGE_DIR: dir,
      ...(machines ? { WALK_MACHINES: machines.join(',') } : {}),
    },
  });
  const walked = readRecords(dir);
  const rows = summarise(walked);
  const faults = summariseFaults(MODELS, walked);
  const kinds = readKinds(dir);
  rmSync(dir, { recursive: true, force: true });
  return { rows, faults, kinds, passed: run.status === 0 };
}

async function main(): Promise<number> {
  const json = flag('--json');
  const machines = option('--machine')?.split(',');
  const collected = collect(json, machines);
  const rows = machines ? collected.rows.filter((row) => machines.includes(row.machine)) : collected.rows;
  if (machines && rows.length !== machines.length) {
    console.error(
      `coverage:paths: no machine named ${machines.filter((m) => !rows.some((r) => r.machine === m))}`,
    );
    return 1;
  }
  const faults = collected.faults.filter((row) => rows.some((edges) => edges.machine === row.machine));
  const report = walkedByReport(rows, faults);
  const faultProblems = faults.flatMap(faultFailures);
  const beyondEdges: Record<string, KindsMeasure> = Object.fromEntries(
    rows.map((row) => {
      const model = MODELS.find((candidate) => candidate.name === row.machine);
      if (!model) throw new Error(`no model named ${row.machine}`);
      return [row.machine, measureKinds(model, collected.kinds.get(row.machine) ?? null)];
    }),
  );
  // A machine whose walks did not report its items (a run without the model project) is not judged.
  const kindProblems = Object.entries(beyondEdges).flatMap(([machine, measures]) =>
    collected.kinds.get(machine) ? kindFailures(machine, measures) : [],
  );
  // Only a run of both levels knows both columns, and only a passing one writes them.
  // A failed run's counts are not the walks' (a walk that stopped early reports 0).
  if (!process.env.COVERAGE_PATHS_PROJECTS && !option('--records')) {
    if (collected.passed) writeWalkedBy(report, { prune: machines === undefined });
    else console.error('coverage:paths: a test failed: walked-by reports left as they were');
  }
  if (json) {
    await print(JSON.stringify({ ...report, beyondEdges }, null, 2));
    return collected.passed && kindProblems.length + faultProblems.length === 0 ? 0 : 1;
  }

  const uncovered = rows.flatMap((row) => uncoveredMessages(row));
  const uncoveredUi = rows.filter((row) => row.uiCovered).flatMap((row) => uncoveredMessages(row, 'ui'));
  await print(
    [
      '',
      'Statechart transition coverage (edges from the machine definitions):',
      ...formatReport(rows),
      ...section('Uncovered at machine level:', uncovered),
      ...section('Uncovered at UI level:', uncoveredUi),
      ...section(
        'Fault items walked/defined at UI level (`<edge> ← <kind>`, src/qa/statecharts/faults.ts):',
        formatFaults(faults),
      ),
      ...section('Fault items not walked (neither by a fault walk nor pending):', faultProblems),
      ...beyondEdgesText(beyondEdges, collected.kinds),
      ...section('Beyond edges, failures:', kindProblems),
    ].join('\n'),
  );
  const failed = uncovered.length + uncoveredUi.length + kindProblems.length + faultProblems.length > 0;
  return collected.passed && !failed ? 0 : 1;
}

/** A titled block of indented lines after a blank one; nothing when there are no lines. */
const section = (title: string, lines: string[]) =>
  lines.length ? ['', title, ...lines.map((line) => `  ${line}`)] : [];

/** Each machine's beyond-edges figures, then the unreachable items grouped by reason. */
function beyondEdgesText(beyondEdges: Record<string, KindsMeasure>, kinds: Map<string, KindSets | null>) {
  const width = Math.max(...Object.keys(beyondEdges).map((machine) => machine.length));
  const lines = [
    '',
    'Beyond edges, walked/reachable at machine level (guard outcomes, transition pairs, parallel configurations):',
    ...Object.entries(beyondEdges).map(([machine, measures]) =>
      kinds.get(machine)
        ? `${machine.padEnd(width)} ${formatKinds(measures)}`
        : `${machine.padEnd(width)} (not walked in this run)`,
    ),
  ];
  const byReason = new Map<string, string[]>();
  for (const [machine, measures] of Object.entries(beyondEdges))
    for (const kind of COVERAGE_KINDS)
      for (const { item, reason } of measures[kind].unreachable)
        byReason.set(reason, [...(byReason.get(reason) ?? []), `${machine} ${kind}: ${item}`]);
  const unreachable = [...byReason.values()].reduce((sum, items) => sum + items.length, 0);
  if (unreachable) {
    lines.push(
      '',
      `Unreachable with the models' events (${unreachable}, src/qa/statecharts/coverage-unreachable.json):`,
    );
    for (const [reason, items] of byReason) lines.push(`  ${reason}`, ...items.map((item) => `    ${item}`));
  }
  return lines;
}

process.exitCode = await main();
