import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, SOURCE, sourceFiles } from './imports';

// An import circle makes module start-up order matter (a value read before its module ran is
// undefined) and ties two files so neither can change alone. The tree has none; this keeps it so.
const root = path.join(import.meta.dirname, '..', '..');
const FOLDERS = ['openapi', 'server', 'src', 'scripts', 'tests'];

function graph(): Map<string, string[]> {
  const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder)));
  return new Map(files.map((file) => [file, importsOf(file).filter((target) => SOURCE.test(target))]));
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
