import path from 'node:path';
import type { WalkedByReport } from '../../src/qa/statecharts/walked-by';
import type { MachineCoverage } from './coverage';

/** Where `npm run coverage:paths` writes the edge → tests report (committed; read by the viewer and the docs). */
export const WALKED_BY_FILE = path.resolve('src/qa/statecharts/walked-by.json');

const KEPT = 5;

/** The shortest names first (the simplest test that walks the edge), at most KEPT, with the full count. */
function pick(names: string[]) {
  const sorted = [...names].sort((a, b) => a.length - b.length || a.localeCompare(b));
  return { count: names.length, tests: sorted.slice(0, KEPT) };
}

export function walkedByReport(rows: MachineCoverage[]): WalkedByReport {
  return {
    generatedBy: 'npm run coverage:paths',
    machines: Object.fromEntries(
      rows.map((row) => [
        row.machine,
        {
          edges: row.defined.length,
          machineCovered: row.machineCovered.length,
          uiCovered: row.uiCovered?.length ?? null,
          walkedBy: Object.fromEntries(
            row.defined.map((edge) => [
              edge,
              { machine: pick(row.walkedBy[edge]?.machine ?? []), ui: pick(row.walkedBy[edge]?.ui ?? []) },
            ]),
          ),
        },
      ]),
    ),
  };
}
