/**
 * `npm run test:mutation:parts`: the full mutation run one mutated file at a time (scripts/mutation/parts.ts),
 * then one merged report (docs/testing.md, Mutation). A stopped run resumes; each part's survivors run again.
 *
 *   npm run test:mutation:parts                      every part not yet measured, then the merge
 *   npm run test:mutation:parts -- --fresh           every part again
 *   npm run test:mutation:parts -- --only a.ts,b.ts  these files (again), then the merge
 *   npm run test:mutation:parts -- --recheck         the survivors of the measured parts again (new tests)
 *   npm run test:mutation:parts -- --merge           the merge only
 *
 * The merge writes reports/mutation/mutation.json and index.html. Needs Node ≥ 22.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { flag, option } from '../cli';
import {
  type LocatedMutant,
  type MutationReport,
  matchEquivalents,
  readEquivalents,
  readJson,
  undetected,
} from './equivalents';
import { MUTATION_PARTS, type MutationPart, partReportBase } from './parts';

const root = path.join(import.meta.dirname, '../..');
const partReport = (file: string) => path.join(root, `${partReportBase(file)}mutation.json`);

function stryker(part: MutationPart, extra: NodeJS.ProcessEnv, what: string): boolean {
  const started = Date.now();
  const { file, machines } = part;
  process.stdout.write(
    `mutation ${what} ${file} (walks: ${machines === 'all' ? 'all' : machines.join(', ')})\n`,
  );
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra, MUTATION_PART: file };
  if (machines === 'all') delete env.WALK_MACHINES;
  else env.WALK_MACHINES = machines.join(',');
  const result = spawnSync('npx', ['stryker', 'run'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.stdout.write(
    `mutation ${what} ${file}: exit ${result.status}, ${Math.round((Date.now() - started) / 1000)} s\n`,
  );
  return result.status === 0;
}

const mutantKey = (mutant: LocatedMutant) =>
  `${mutant.location.start.line}:${mutant.location.start.column}:${mutant.mutatorName}:${mutant.replacement ?? ''}`;

/**
 * The part's undetected mutants, but the listed equivalents, run again (MUTATION_RECHECK: Stryker's ranges
 * count columns from 0, its reports from 1); their results replace the part's.
 */

function recheck(part: MutationPart): boolean {
  const reportFile = partReport(part.file);
  const report = readJson<MutationReport>(reportFile);
  // The mutants tests/mutation/equivalent.json lists: a part's full run checks them again, not the recheck.
  const equivalents = readEquivalents();
  const mutants = Object.values(report.files).flatMap(({ source, mutants: fileMutants }) => {
    const listed = matchEquivalents(equivalents, part.file, source, fileMutants);
    return fileMutants.filter((mutant) => !listed.has(mutant));
  });
  const ranges = [
    ...new Set(
      mutants
        .filter(undetected)
        .map(
          ({ location: { start, end } }) =>
            `${part.file}:${start.line}:${start.column - 1}-${end.line}:${end.column}`,
        ),
    ),
  ];
  if (ranges.length === 0) return true;
  if (!stryker(part, { MUTATION_RECHECK: ranges.join(',') }, 'recheck of the survivors of')) return false;
  const rechecked = readJson<MutationReport>(
    path.join(root, `${partReportBase(part.file)}recheck.mutation.json`),
  );
  const results = new Map(
    Object.values(rechecked.files)
      .flatMap((entry) => entry.mutants)
      .map((mutant) => [mutantKey(mutant), mutant]),
  );
  for (const entry of Object.values(report.files)) {
    entry.mutants = entry.mutants.map((mutant) =>
      undetected(mutant) ? (results.get(mutantKey(mutant)) ?? mutant) : mutant,
    );
  }
  writeFileSync(reportFile, JSON.stringify(report));
  return true;
}

/** The HTML report of the merged JSON, as Stryker's own HTML reporter draws one. */
function reportHtml(report: MutationReport): string {
  const strykerRequire = createRequire(createRequire(import.meta.url).resolve('@stryker-mutator/core'));
  const elements = readFileSync(
    strykerRequire.resolve('mutation-testing-elements/dist/mutation-test-elements.js'),
    'utf8',
  );
  // `<` inside the JSON would end the script element early.
  const data = JSON.stringify(report).replaceAll('<', '\\u003c');
  return `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"><title>Mutation report</title><script>${elements}</script></head>
<body>
<mutation-test-report-app titlePostfix="Stryker, by parts"></mutation-test-report-app>
<script>document.querySelector('mutation-test-report-app').report = ${data};</script>
</body>
</html>
`;
}

function merge(): void {
  const measured: MutationReport[] = [];
  const missing: string[] = [];
  for (const part of MUTATION_PARTS) {
    const file = partReport(part.file);
    if (existsSync(file)) measured.push(readJson<MutationReport>(file));
    else missing.push(part.file);
  }
  const [first] = measured;
  if (!first) {
    process.stderr.write('no part measured yet\n');
    process.exitCode = 1;
    return;
  }
  const merged: MutationReport = { ...first, files: {} };
  for (const report of measured) Object.assign(merged.files, report.files);
  mkdirSync(path.join(root, 'reports/mutation'), { recursive: true });
  writeFileSync(path.join(root, 'reports/mutation/mutation.json'), JSON.stringify(merged));
  writeFileSync(path.join(root, 'reports/mutation/index.html'), reportHtml(merged));
  process.stdout.write(
    `merged ${measured.length} of ${MUTATION_PARTS.length} parts into reports/mutation/mutation.json${
      missing.length > 0 ? `; not measured: ${missing.join(', ')}` : ''
    }\n`,
  );
}

function main(): void {
  if (flag('--recheck')) {
    for (const part of MUTATION_PARTS) {
      if (existsSync(partReport(part.file)) && !recheck(part)) process.exitCode = 1;
    }
  } else if (!flag('--merge')) {
    const only = option('--only')?.split(',');
    const fresh = flag('--fresh');
    for (const part of MUTATION_PARTS) {
      if (only ? !only.includes(part.file) : !fresh && existsSync(partReport(part.file))) continue;
      if (!stryker(part, {}, 'part') || !recheck(part)) {
        process.exitCode = 1;
        break;
      }
    }
  }
  merge();
}

main();
