/**
 * The edge → tests report `npm run coverage:paths` writes to src/qa/statecharts/walked-by/<machine>.json
 * (one file per machine, so the viewer loads only the machine on screen): for each defined edge (its id:
 * `state --event [guard ✓/✗]--> target`), the tests that walk it at machine level (tests/model) and at
 * UI level (tests/ui/walks), the shortest few names and the count.
 */

export interface WalkedTests {
  count: number;
  tests: string[];
}

export type EdgeWalkedBy = { machine: WalkedTests; ui: WalkedTests };

export interface MachineWalkedBy {
  edges: number;
  machineCovered: number;
  uiCovered: number | null;
  walkedBy: Record<string, EdgeWalkedBy>;
  /**
   * The fault items (`<edge> ← <kind>`, ./faults.ts), counted as the edges are: per item the tests that
   * walk it, and why the items no walk takes are pending.
   */
  faults?: { defined: number; uiCovered: number; pending?: string; walkedBy: Record<string, EdgeWalkedBy> };
}

/** The whole report, as `coverage:paths --json` prints it. */
export interface WalkedByReport {
  generatedBy: string;
  machines: Record<string, MachineWalkedBy>;
}

/** One machine's report, loaded on demand (each file is its own chunk in the viewer's build). */
export async function loadWalkedBy(machine: string): Promise<MachineWalkedBy | undefined> {
  const files = import.meta.glob<MachineWalkedBy>('./walked-by/*.json', { import: 'default' });
  const load = files[`./walked-by/${machine}.json`];
  return load ? load() : undefined;
}

/** `tests/ui/walks/x.test.tsx > m (UI walk) > path` → `x.test.tsx › path`. */
export function shortTestName(name: string): string {
  const [file, , test] = name.split(' > ');
  return test ? `${file?.replace(/^tests\/(ui\/walks|model)\//, '')} › ${test}` : name;
}

/** One table cell: how many model paths walk the edge, and the UI tests that do. */
export function walkedByCell(report: MachineWalkedBy | undefined, edgeId: string): string {
  const walked = report?.walkedBy[edgeId];
  if (!walked) return '(not in walked-by/: run `npm run coverage:paths`)';
  const model = `${walked.machine.count} model path${walked.machine.count === 1 ? '' : 's'}`;
  const [first] = walked.ui.tests;
  if (!first) return `${model}; UI: none`;
  const more = walked.ui.count > 1 ? ` (+${walked.ui.count - 1} more)` : '';
  return `${model}; UI: ${shortTestName(first)}${more}`;
}
