import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// An import circle makes module start-up order matter (a value read before its module ran is
// undefined) and ties two files so neither can change alone. The tree has none; this keeps it so.
const root = path.join(import.meta.dirname, '..', '..');
const FOLDERS = ['openapi', 'server', 'src', 'scripts', 'tests'];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(full);
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
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function graph(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of FOLDERS.flatMap((folder) => files(path.join(root, folder)))) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((match) => resolve(file, match[1] ?? match[2] ?? ''))
      .filter((target): target is string => target !== null && SOURCE.test(target));
    edges.set(file, targets);
  }
  return edges;
}

/** Every circle, each as the list of files around it (depth-first search, one report per back edge). */
function circles(edges: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open')
        found.push(stack.slice(stack.indexOf(next)).map((f) => path.relative(root, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of edges.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('the import graph', () => {
  const edges = graph();

  it('reads the imports of the whole tree', () => {
    const appImports = edges.get(path.join(root, 'server', 'app.ts')) ?? [];
    expect(appImports).toContain(path.join(root, 'server', 'storage', 'storage.ts'));
    const storageImports = edges.get(path.join(root, 'server', 'storage', 'storage.ts')) ?? [];
    // A dynamic import counts as an edge too.
    expect(storageImports).toContain(path.join(root, 'server', 'storage', 's3.ts'));
  });

  it('has no circle', () => {
    expect(circles(edges)).toEqual([]);
  });
});
