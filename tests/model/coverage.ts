import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { definedEdges } from '../../src/qa/statecharts/edges';
import { MODELS } from '../../src/qa/statecharts/models';

/**
 * The coverage registry both kinds of walk report to. A machine-level walk (tests/model) and a UI walk
 * (a route component driven through the DOM) call `recordCoverage(level, machine, edgeIds)` with the
 * DEFINED edge ids their steps took. Records are kept in memory and, when STATECHART_COVERAGE_DIR is
 * set (by `npm run coverage:paths`), written there as JSON files, one per call, for the report.
 */

export type Level = 'machine' | 'ui';

export interface CoverageRecord {
  level: Level;
  machine: string;
  edges: string[];
  /** Edge id → the names of the tests whose steps took it. */
  walkedBy?: Record<string, string[]>;
}

const memory: CoverageRecord[] = [];
let counter = 0;

export function recordCoverage(level: Level, machine: string, walkedBy: Map<string, Set<string>>): void {
  const edges = [...walkedBy.keys()].sort();
  const record: CoverageRecord = {
    level,
    machine,
    edges,
    walkedBy: Object.fromEntries(edges.map((edge) => [edge, [...(walkedBy.get(edge) ?? [])].sort()])),
  };
  memory.push(record);
  const dir = process.env.STATECHART_COVERAGE_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  counter += 1;
  const file = path.join(dir, `${level}-${machine}-${process.pid}-${Date.now()}-${counter}.json`);
  writeFileSync(file, JSON.stringify(record));
}

export function recordedInMemory(): readonly CoverageRecord[] {
  return memory;
}

export function readRecords(dir: string): CoverageRecord[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CoverageRecord);
}

export interface MachineCoverage {
  machine: string;
  /** Every edge the machine definition has (none is excluded). */
  defined: string[];
  machineCovered: string[];
  /** null when no UI walk reported for this machine. */
  uiCovered: string[] | null;
  /** Per defined edge, the tests that walk it at each level. */
  walkedBy: Record<string, WalkedBy>;
}

export interface WalkedBy {
  machine: string[];
  ui: string[];
}

/** Per machine: defined edges (from the machine definition) against the edges the walks recorded. */
export function summarise(records: readonly CoverageRecord[]): MachineCoverage[] {
  return MODELS.map((model) => {
    const defined = definedEdges(model.machine).map((edge) => edge.id);
    const taken = (level: Level) =>
      new Set(records.filter((r) => r.level === level && r.machine === model.name).flatMap((r) => r.edges));
    const machineTaken = taken('machine');
    const hasUi = records.some((r) => r.level === 'ui' && r.machine === model.name);
    const uiTaken = taken('ui');
    const names = (level: Level, edge: string) => [
      ...new Set(
        records
          .filter((r) => r.level === level && r.machine === model.name)
          .flatMap((r) => r.walkedBy?.[edge] ?? []),
      ),
    ];
    return {
      machine: model.name,
      defined,
      machineCovered: defined.filter((edge) => machineTaken.has(edge)),
      uiCovered: hasUi ? defined.filter((edge) => uiTaken.has(edge)) : null,
      walkedBy: Object.fromEntries(
        defined.map((edge) => [edge, { machine: names('machine', edge), ui: names('ui', edge) }]),
      ),
    };
  });
}

/** `<machine> machine <covered>/<defined> ui <covered>/<defined or ->`, then a total line. */
export function formatReport(rows: MachineCoverage[]): string[] {
  const width = Math.max(...rows.map((row) => row.machine.length), 'total'.length);
  const lines = rows.map((row) => {
    const machine = `${row.machineCovered.length}/${row.defined.length}`;
    const ui = row.uiCovered ? `${row.uiCovered.length}/${row.defined.length}` : '-';
    return `${row.machine.padEnd(width)} machine ${machine.padStart(7)} ui ${ui.padStart(7)}`;
  });
  const sum = (pick: (row: MachineCoverage) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const uiRows = rows.filter((row) => row.uiCovered);
  const machineTotal = `${sum((r) => r.machineCovered.length)}/${sum((r) => r.defined.length)}`;
  const uiTotal = uiRows.length
    ? `${uiRows.reduce((t, r) => t + (r.uiCovered?.length ?? 0), 0)}/${uiRows.reduce((t, r) => t + r.defined.length, 0)}`
    : '-';
  lines.push(`${'total'.padEnd(width)} machine ${machineTotal.padStart(7)} ui ${uiTotal.padStart(7)}`);
  return lines;
}

/** `<machine>: <state> --<event> [guard ✓/✗]--> <target>` for every defined edge not covered. */
export function uncoveredMessages(row: MachineCoverage, level: Level = 'machine'): string[] {
  const covered = new Set(level === 'machine' ? row.machineCovered : (row.uiCovered ?? []));
  return row.defined.filter((edge) => !covered.has(edge)).map((edge) => `${row.machine}: ${edge}`);
}
