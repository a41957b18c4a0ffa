/**
 * `npm run mutation:summary`: the last mutation run's scores as Markdown (reports/mutation/summary.md),
 * with the listed equivalents counted apart and stale ones named. --report <file>, --out <file> (`-`: print).
 */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { option } from './cli';
import {
  type Equivalent,
  type LocatedMutant,
  type MutationReport,
  matchEquivalents,
  readEquivalents,
  readJson,
  undetected,
} from './mutation/equivalents';
import { MUTATION_PARTS } from './mutation/parts';

interface MutantResult extends LocatedMutant {
  status:
    | 'Killed'
    | 'Survived'
    | 'NoCoverage'
    | 'CompileError'
    | 'RuntimeError'
    | 'Timeout'
    | 'Ignored'
    | 'Pending';
  static?: boolean;
  coveredBy?: string[];
}

interface Tally {
  killed: number;
  survived: number;
  noCoverage: number;
  ignored: number;
  errors: number;
  equivalent: number;
}

const root = path.join(import.meta.dirname, '..');

/** Static: reached only while a module loads, and covered by no test (covered ones run per test). */
const isStatic = (mutant: MutantResult) => Boolean(mutant.static) && (mutant.coveredBy ?? []).length === 0;

const empty = (): Tally => ({ killed: 0, survived: 0, noCoverage: 0, ignored: 0, errors: 0, equivalent: 0 });

function add(tally: Tally, status: MutantResult['status'], equivalent: boolean): void {
  if (status === 'Killed' || status === 'Timeout') tally.killed += 1;
  else if (status === 'Survived' || status === 'NoCoverage') {
    if (equivalent) tally.equivalent += 1;
    else if (status === 'Survived') tally.survived += 1;
    else tally.noCoverage += 1;
  } else if (status === 'Ignored' || status === 'Pending') tally.ignored += 1;
  else tally.errors += 1;
}

/** Stryker's score (equivalents count as survivors) and the score with the listed equivalents set aside. */
export function scores(tally: Tally): { stryker: number | null; withoutEquivalents: number | null } {
  const detected = tally.killed;
  const withEquivalents = detected + tally.survived + tally.noCoverage + tally.equivalent;
  const without = detected + tally.survived + tally.noCoverage;
  return {
    stryker: withEquivalents === 0 ? null : (100 * detected) / withEquivalents,
    withoutEquivalents: without === 0 ? null : (100 * detected) / without,
  };
}

const percent = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} %`);

function row(name: string, tally: Tally): string {
  const { stryker, withoutEquivalents } = scores(tally);
  return `| ${name} | ${tally.killed} | ${tally.survived} | ${tally.noCoverage} | ${tally.equivalent} | ${tally.ignored} | ${percent(stryker)} | ${percent(withoutEquivalents)} |`;
}

/** Each file's tally and the totals (static and not), the survivors not listed, the listed equivalents used. */
function tallyFiles(report: MutationReport<MutantResult>, equivalents: Equivalent[]) {
  const used = new Set<Equivalent>();

  const nonStatic = empty();
  const statics = empty();
  const perFile: [string, Tally][] = [];
  const survivors: string[] = [];
  for (const [file, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    const relative = path.relative(root, path.resolve(root, file));
    const listed = matchEquivalents(equivalents, relative, source, mutants);
    const tally = empty();
    for (const mutant of mutants) {
      const survived = undetected(mutant);
      const entry = listed.get(mutant);
      const equivalent = survived && entry !== undefined;
      if (equivalent) used.add(entry);
      add(tally, mutant.status, equivalent);
      add(isStatic(mutant) ? statics : nonStatic, mutant.status, equivalent);
      if (survived && !equivalent) {
        survivors.push(
          `- ${relative}:${mutant.location.start.line} ${mutant.mutatorName}${isStatic(mutant) ? ' (static)' : ''} ${mutant.status}: \`${(mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 100)}\``,
        );
      }
    }
    perFile.push([relative, tally]);
  }
  return { used, nonStatic, statics, perFile, survivors };
}

function main(): void {
  const reportFile = path.resolve(root, option('--report') || 'reports/mutation/mutation.json');
  const out = option('--out') || path.join(root, 'reports/mutation/summary.md');
  if (!existsSync(reportFile)) {
    process.stderr.write(`no report at ${reportFile}: run npm run test:mutation first\n`);
    process.exitCode = 1;
    return;
  }
  const report = readJson<MutationReport<MutantResult>>(reportFile);
  const equivalents = readEquivalents();
  const { used, nonStatic, statics, perFile, survivors } = tallyFiles(report, equivalents);
  const all = empty();
  for (const tally of [nonStatic, statics]) {
    for (const key of Object.keys(all) as (keyof Tally)[]) all[key] += tally[key];
  }
  const measured = new Set(perFile.map(([file]) => file));
  const notMeasured = MUTATION_PARTS.map((part) => part.file).filter((file) => !measured.has(file));
  const stale = equivalents.filter((entry) => measured.has(entry.file) && !used.has(entry));

  const header = [
    '| Mutants | Killed (+timeout) | Survived | Not covered | Equivalent (listed) | Ignored | Score | Score without equivalents |',
    '| --- | --: | --: | --: | --: | --: | --: | --: |',
  ];
  const text = [
    '# Mutation score',
    '',
    `Report: \`${path.relative(root, reportFile)}\`, written ${statSync(reportFile).mtime.toISOString()}. Equivalent mutants: \`tests/mutation/equivalent.json\`.`,
    '',
    ...header,
    row('non-static', nonStatic),
    row('static (reached only at module load: the definitions)', statics),
    row('all', all),
    '',
    notMeasured.length > 0
      ? `Not measured (no part report yet; \`npm run test:mutation:parts\` resumes with them): ${notMeasured.map((file) => `\`${file}\``).join(', ')}.`
      : 'Every mutated file is measured.',
    '',
    '## Per file',
    '',
    ...header.map((line) => line.replace('| Mutants |', '| File |')),
    ...perFile.map(([file, tally]) => row(`\`${file}\``, tally)),
    '',
    `## Survivors not listed as equivalent (${survivors.length})`,
    '',
    ...(survivors.length > 0 ? survivors : ['None.']),
    ...(stale.length > 0
      ? [
          '',
          '## Listed equivalents that did not survive this run, or whose code changed',
          '',
          ...stale.map(
            (entry) =>
              `- ${entry.file}:${entry.line} ${entry.mutator} \`${(entry.original ?? '').slice(0, 60)}\` → \`${entry.replacement}\``,
          ),
        ]
      : []),
    '',
  ].join('\n');
  if (out !== '-') writeFileSync(out, text);
  process.stdout.write(text);
}

main();
