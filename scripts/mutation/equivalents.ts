/**
 * The mutants listed as equivalent (tests/mutation/equivalent.json), matched by file, mutator,
 * replacement, original text and its lines rather than by line and column, which any edit above moves;
 * an entry without `original` matches by line and column, a survivor first.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Equivalent {
  file: string;
  /** Where the mutant was when it was judged (1-based line and column, as in Stryker's reports). */
  line: number;
  column: number;
  mutator: string;
  replacement: string;
  /** The source text the mutant replaces, whitespace collapsed. */
  original?: string;
  /** The source lines the mutant is on, whitespace collapsed. */
  context?: string;
  why: string;
}

interface Position {
  line: number;
  column: number;
}

export interface LocatedMutant {
  mutatorName: string;
  status?: string;
  replacement?: string;
  location: { start: Position; end: Position };
}

/** A Stryker JSON report, as far as these scripts read it. */
export interface MutationReport<M extends LocatedMutant = LocatedMutant> {
  files: Record<string, { source: string; mutants: M[] }>;
}

export const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
export const EQUIVALENTS_FILE = path.join(import.meta.dirname, '../../tests/mutation/equivalent.json');
/** The listed equivalents; none while the list does not exist. */
export const readEquivalents = (): Equivalent[] =>
  existsSync(EQUIVALENTS_FILE) ? readJson<Equivalent[]>(EQUIVALENTS_FILE) : [];

/** Survived or not covered: no test told it from the original. */
export const undetected = (mutant: LocatedMutant) =>
  mutant.status === 'Survived' || mutant.status === 'NoCoverage';

/** The text of `source` a report's location spans (lines and columns from 1, the end exclusive). */
export function originalText(source: string, { start, end }: LocatedMutant['location']): string {
  const lines = source.split('\n');
  const offset = ({ line, column }: Position) =>
    lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0) + column - 1;
  return source.slice(offset(start), offset(end)).replace(/\s+/g, ' ').trim();
}

/** The whole source lines a report's location is on, whitespace collapsed. */
export function contextText(source: string, { start, end }: LocatedMutant['location']): string {
  return source
    .split('\n')
    .slice(start.line - 1, end.line)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Which of one file's mutants each listed entry names (once at most); an entry naming none is stale. */
export function matchEquivalents<M extends LocatedMutant>(
  entries: readonly Equivalent[],
  file: string,
  source: string,
  mutants: readonly M[],
): Map<M, Equivalent> {
  const matched = new Map<M, Equivalent>();
  const originals = new Map(mutants.map((mutant) => [mutant, originalText(source, mutant.location)]));
  const contexts = new Map(mutants.map((mutant) => [mutant, contextText(source, mutant.location)]));
  for (const entry of entries) {
    if (entry.file !== file) continue;
    const distance = (mutant: M) =>
      (entry.original === undefined && !undetected(mutant) ? 1e9 : 0) +
      Math.abs(mutant.location.start.line - entry.line) * 1000 +
      Math.abs(mutant.location.start.column - entry.column);
    const [nearest] = mutants
      .filter(
        (mutant) =>
          !matched.has(mutant) &&
          mutant.mutatorName === entry.mutator &&
          (mutant.replacement ?? '') === entry.replacement &&
          (entry.original === undefined
            ? mutant.location.start.line === entry.line && mutant.location.start.column === entry.column
            : originals.get(mutant) === entry.original &&
              (entry.context === undefined || contexts.get(mutant) === entry.context)),
      )
      .sort((a, b) => distance(a) - distance(b));
    if (nearest) matched.set(nearest, entry);
  }
  return matched;
}
