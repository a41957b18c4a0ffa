import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The tree's relative imports, read from the source text (the import-graph test's circles, the inner
 * loop's walks: tests/model/changed-walks.ts).
 */
export const SOURCE = /\.(ts|tsx|mts|mjs)$/;

export function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/** The file a relative specifier names, as Vite and tsc resolve it (with or without the extension). */
function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    ...['.ts', '.tsx', '.d.ts', '.mjs'].map((ext) => base + ext),
    path.join(base, 'index.ts'),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b(\s+type\b)?[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/**
 * The files `file` imports (JSON included); `runtime` leaves out `import type` and `export type`
 * statements, which the compiled module no longer has (what vitest's `--changed` follows).
 */
export function importsOf(file: string, { runtime = false } = {}): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)]
    .filter((match) => !(runtime && match[1]))
    .map((match) => resolve(file, match[2] ?? match[3] ?? ''))
    .filter((target): target is string => target !== null);
}
