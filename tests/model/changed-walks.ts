import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importsOf, SOURCE, sourceFiles } from './imports';

/**
 * The machines a change can affect: `npm run loop` (scripts/loop.ts) walks only these (WALK_MACHINES,
 * ./walk-filter.ts) in the files that honour it. A machine's module graph is what its declarations
 * import: the module whose JSDoc links its diagram (its machine, or a confirmation's descriptor) and a
 * form dialog's descriptor (`defineFormDialog({ machine: addItemMachine … })`). A changed file that
 * only such graphs reach affects their machines; one a walk file reaches otherwise (the registry, the
 * walk and oracle code, the lists of descriptors, a walk file itself) affects every machine, as does a
 * change after which vitest reruns every file. A file no walk file reaches changes no walk (`[]`).
 * `undefined`: every machine. Built once per tree, asked per set of changed files.
 */
const DIAGRAM = /\[docs\/statecharts\/(\w+)\.md\][\s\S]*?\*\/\s*export const (\w+)/g;
const DESCRIBED = /\bdefineFormDialog\b[\s\S]*?\bmachine:\s*(\w+)/g;
/** vitest's `forceRerunTriggers`. */
const RERUN_ALL = /(^|\/)(package\.json|vite(st)?\.config\.\w+)$/;

export function changedWalks(tree: string): (changed: string[]) => string[] | undefined {
  const root = path.resolve(tree);
  const at = (...folders: string[]) => folders.flatMap((folder) => sourceFiles(path.join(root, folder)));
  const imports = new Map<string, string[]>();
  const reach = (starts: string[], enter: (file: string) => boolean) => {
    const seen = new Set<string>();
    for (const stack = [...starts]; stack.length > 0; ) {
      const file = stack.pop() as string;
      if (seen.has(file) || !enter(file)) continue;
      seen.add(file);
      if (!imports.has(file)) imports.set(file, SOURCE.test(file) ? importsOf(file, { runtime: true }) : []);
      stack.push(...(imports.get(file) ?? []));
    }
    return seen;
  };

  const texts = at('src/machines', 'src/features').map((file) => [file, readFileSync(file, 'utf8')] as const);
  const idOf = new Map(
    texts.flatMap(([, text]) => [...text.matchAll(DIAGRAM)].map(([, id, name]) => [name, id] as const)),
  );
  const declared = new Map<string, string[]>();
  for (const [file, text] of texts) {
    const ids = [
      ...[...text.matchAll(DIAGRAM)].map(([, id]) => id),
      ...[...text.matchAll(DESCRIBED)].flatMap(([, name]) => idOf.get(name) ?? []),
    ];
    if (ids.length > 0) declared.set(file, ids);
  }
  const walkFilter = path.join(root, 'tests/model/walk-filter.ts');
  const walkFiles = at('tests/machines', 'tests/model', 'tests/property').filter((file) =>
    importsOf(file).includes(walkFilter),
  );
  const shared = reach(walkFiles, (file) => !declared.has(file));

  const graphs = [...declared].map(([file, ids]) => [reach([file], () => true), ids] as const);
  return (changed) => {
    const machines = new Set<string>();
    for (const file of changed.map((name) => path.resolve(root, name))) {
      if (RERUN_ALL.test(file) || shared.has(file)) return undefined;
      for (const [graph, ids] of graphs) if (graph.has(file)) for (const id of ids) machines.add(id);
    }
    return [...machines].sort();
  };
}
