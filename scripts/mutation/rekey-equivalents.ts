/**
 * `tsx scripts/mutation/rekey-equivalents.ts [report.json …]`: moves the entries of
 * tests/mutation/equivalent.json to where the reports have their mutants; unmatched ones are named.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  contextText,
  EQUIVALENTS_FILE,
  type MutationReport,
  matchEquivalents,
  originalText,
  readEquivalents,
  readJson,
} from './equivalents';

const root = path.join(import.meta.dirname, '../..');
const reports = process.argv.slice(2);
const entries = readEquivalents();
const rekeyed = new Set<object>();
for (const reportFile of reports.length > 0 ? reports : ['reports/mutation/mutation.json']) {
  const report = readJson<MutationReport>(path.resolve(root, reportFile));
  for (const [name, { source, mutants }] of Object.entries(report.files)) {
    const file = path.relative(root, path.resolve(root, name));
    const pending = entries.filter((entry) => !rekeyed.has(entry));
    for (const [mutant, entry] of matchEquivalents(pending, file, source, mutants)) {
      entry.line = mutant.location.start.line;
      entry.column = mutant.location.start.column;
      entry.original = originalText(source, mutant.location);
      entry.context = contextText(source, mutant.location);
      rekeyed.add(entry);
    }
  }
}
// `original` and `context` after `replacement`, so each entry reads file, place, what, instead of what, where, why.
const ordered = entries.map(({ file, line, column, mutator, replacement, original, context, why }) => ({
  file,
  line,
  column,
  mutator,
  replacement,
  ...(original === undefined ? {} : { original }),
  ...(context === undefined ? {} : { context }),
  why,
}));
writeFileSync(EQUIVALENTS_FILE, `${JSON.stringify(ordered, null, 2)}\n`);
const unmatched = entries.filter((entry) => !rekeyed.has(entry));
process.stdout.write(
  `${rekeyed.size} of ${entries.length} listed equivalents matched${
    unmatched.length > 0
      ? `; not matched:\n${unmatched.map((entry) => `  ${entry.file}:${entry.line}:${entry.column} ${entry.mutator} ${JSON.stringify(entry.replacement)}`).join('\n')}`
      : ''
  }\n`,
);
