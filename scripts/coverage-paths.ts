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
 *
 * Beyond edges (src/qa/statecharts/coverage-kinds.ts): per machine, guard outcomes, transition pairs and
 * parallel configurations walked against those reachable, with the unreachable ones and their reasons
 * (coverage-unreachable.json); the items walked come from tests/model/coverage-kinds.test.ts, which
 * writes them to <dir>/kinds/. In the JSON they are `beyondEdges`. A reachable item not walked, or an
 * unreachable one not listed (or listed but reachable), fails the run like an uncovered edge.
 *
 * Options:
 *   --machine <name>[,<name>…]  only these machines: their model paths and their UI walks (the other
 *                               tests are filtered out by name), and only their walked-by files are
 *                               written (after a change to one machine, a run of minutes, not the whole).
 *   --records <dir>             no tests: the report of the coverage records an earlier run left in <dir>
 *                               (STATECHART_COVERAGE_DIR); nothing is written.
 *
 * The report goes to stdout by `write` and the script ends by returning with `process.exitCode`: a pipe
 * (`| jq .`) gets the whole text even when it is longer than the pipe's buffer (process.exit right
 * after a large write would cut it at 64 KiB).
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
import { MODELS } from '../src/qa/statecharts/models';
import { formatReport, readRecords, summarise, uncoveredMessages } from '../tests/model/coverage';
import { walkedByReport, writeWalkedBy } from '../tests/model/walked-by';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

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

/**
 * The UI walk files that may walk `machines`: the ones that name a machine (`machine: 'changePassword'`),
 * and the descriptors' walks for a confirmation or a form dialog (src/features/confirmations.ts,
 * form-dialogs.ts); every walk file when none names one. Loading a walk file in jsdom costs seconds, so
 * only these are loaded (a file that names the machine without walking it, e.g. the session followed as
 * an extra model, declares a skipped suite: tests/ui/walks/runner.ts).
 */
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
  if (records) return { rows: summarise(readRecords(records)), kinds: readKinds(records), passed: true };
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
      ]
    : [];
  // A walk of some machines (the inner loop) keeps vitest's transformed modules between runs (its
  // experimental file-system module cache, one per checkout in the temp folder): measured on a walk file,
  // transform 12.3 s → 2.2 s and import 26.5 s → 7.9 s on the second run, at a load average of 14–18.
  const moduleCache = machines
    ? [
        '--experimental.fsModuleCache',
        `--experimental.fsModuleCachePath=${path.join(tmpdir(), `vitest-walk-cache-${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12)}`)}`,
      ]
    : [];
  const run = spawnSync('npx', ['vitest', 'run', ...projects, ...only, ...moduleCache, '--reporter=dot'], {
    // With --json, stdout is the report alone: the tests' output goes to stderr.
    stdio: ['ignore', json ? 2 : 'inherit', 'inherit'],
    env: {
      ...process.env,
      STATECHART_COVERAGE_DIR: dir,
      ...(machines ? { WALK_MACHINES: machines.join(',') } : {}),
    },
  });
  const rows = summarise(readRecords(dir));
  const kinds = readKinds(dir);
  rmSync(dir, { recursive: true, force: true });
  return { rows, kinds, passed: run.status === 0 };
}

/** Writes `text` to stdout and resolves once it was handed on (to the pipe, the file or the terminal). */
function print(text: string): Promise<void> {
  return new Promise((resolve, reject) =>
    process.stdout.write(`${text}\n`, (error) => (error ? reject(error) : resolve())),
  );
}

async function main(): Promise<number> {
  const json = process.argv.includes('--json');
  const machines = option('--machine')?.split(',');
  const collected = collect(json, machines);
  const rows = machines ? collected.rows.filter((row) => machines.includes(row.machine)) : collected.rows;
  if (machines && rows.length !== machines.length) {
    console.error(
      `coverage:paths: no machine named ${machines.filter((m) => !rows.some((r) => r.machine === m))}`,
    );
    return 1;
  }
  const report = walkedByReport(rows);
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
  // Only a run of both levels knows both columns; what failed is missing from it, and the run fails.
  if (!process.env.COVERAGE_PATHS_PROJECTS && !option('--records'))
    writeWalkedBy(report, { prune: machines === undefined });
  if (json) {
    await print(JSON.stringify({ ...report, beyondEdges }, null, 2));
    return collected.passed && kindProblems.length === 0 ? 0 : 1;
  }

  const lines = [
    '',
    'Statechart transition coverage (edges from the machine definitions):',
    ...formatReport(rows),
  ];
  const uncovered = rows.flatMap((row) => uncoveredMessages(row));
  if (uncovered.length)
    lines.push('', 'Uncovered at machine level:', ...uncovered.map((line) => `  ${line}`));
  const uncoveredUi = rows.filter((row) => row.uiCovered).flatMap((row) => uncoveredMessages(row, 'ui'));
  if (uncoveredUi.length) lines.push('', 'Uncovered at UI level:', ...uncoveredUi.map((line) => `  ${line}`));
  const width = Math.max(...rows.map((row) => row.machine.length));
  lines.push(
    '',
    'Beyond edges, walked/reachable at machine level (guard outcomes, transition pairs, parallel configurations):',
    ...Object.entries(beyondEdges).map(([machine, measures]) =>
      collected.kinds.get(machine)
        ? `${machine.padEnd(width)} ${formatKinds(measures)}`
        : `${machine.padEnd(width)} (not walked in this run)`,
    ),
  );
  // The unreachable items grouped by reason: the reason once, then the items it explains.
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
  if (kindProblems.length)
    lines.push('', 'Beyond edges, failures:', ...kindProblems.map((line) => `  ${line}`));
  await print(lines.join('\n'));
  return collected.passed && uncovered.length === 0 && uncoveredUi.length === 0 && kindProblems.length === 0
    ? 0
    : 1;
}

process.exitCode = await main();
