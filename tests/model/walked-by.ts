import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MachineFaults } from '../../src/qa/statecharts/faults';
import type { MachineWalkedBy, WalkedByReport } from '../../src/qa/statecharts/walked-by';
import type { MachineCoverage } from './coverage';

/**
 * Where `npm run coverage:paths` writes the edge → tests report, one `<machine>.json` per machine
 * (committed; the viewer loads the file of the machine on screen, the docs read them all).
 */
export const WALKED_BY_DIR = path.resolve('src/qa/statecharts/walked-by');
const GENERATED_BY = 'npm run coverage:paths';

const KEPT = 5;

/** The shortest names first (the simplest test that walks the edge), at most KEPT, with the full count. */
function pick(names: string[]) {
  const sorted = [...names].sort((a, b) => a.length - b.length || a.localeCompare(b));
  return { count: names.length, tests: sorted.slice(0, KEPT) };
}

/** A machine's fault items, when a run of its UI walks reported them. */
function faultsOf(row: MachineFaults | undefined): MachineWalkedBy['faults'] {
  if (!row?.uiCovered || row.defined.length === 0) return undefined;
  return {
    defined: row.defined.length,
    uiCovered: row.uiCovered.length,
    ...(row.pending ? { pending: row.pending } : {}),
    walkedBy: Object.fromEntries(
      row.defined.map((item) => [
        item,
        { machine: pick(row.walkedBy[item]?.machine ?? []), ui: pick(row.walkedBy[item]?.ui ?? []) },
      ]),
    ),
  };
}

export function walkedByReport(rows: MachineCoverage[], faults: MachineFaults[] = []): WalkedByReport {
  return {
    generatedBy: GENERATED_BY,
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
          faults: faultsOf(faults.find((fault) => fault.machine === row.machine)),
        },
      ]),
    ),
  };
}

/**
 * Writes one file per machine of the report and, with `prune` (a run of every machine), removes the
 * files of machines that are gone.
 */
export function writeWalkedBy(report: WalkedByReport, { prune }: { prune: boolean }): void {
  mkdirSync(WALKED_BY_DIR, { recursive: true });
  const wanted = new Set(Object.keys(report.machines).map((machine) => `${machine}.json`));
  if (prune)
    for (const file of readdirSync(WALKED_BY_DIR))
      if (file.endsWith('.json') && !wanted.has(file)) rmSync(path.join(WALKED_BY_DIR, file));
  for (const [machine, walked] of Object.entries(report.machines))
    writeFileSync(path.join(WALKED_BY_DIR, `${machine}.json`), `${JSON.stringify(walked)}\n`);
}

/** The report as the last full `coverage:paths` run wrote it (no machines when it never ran). */
export function readWalkedBy(): WalkedByReport {
  const files = existsSync(WALKED_BY_DIR)
    ? readdirSync(WALKED_BY_DIR).filter((file) => file.endsWith('.json'))
    : [];
  return {
    generatedBy: GENERATED_BY,
    machines: Object.fromEntries(
      files.map((file) => [
        file.replace(/\.json$/, ''),
        JSON.parse(readFileSync(path.join(WALKED_BY_DIR, file), 'utf8')) as MachineWalkedBy,
      ]),
    ),
  };
}
