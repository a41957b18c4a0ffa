import walkedByJson from './walked-by.json';

/**
 * The edge → tests report `npm run coverage:paths` writes to src/qa/statecharts/walked-by.json: for each
 * machine and defined edge (its id: `state --event [guard ✓/✗]--> target`), the tests that walk it at
 * machine level (tests/model) and at UI level (tests/ui/walks), the shortest few names and the count.
 */

export interface WalkedTests {
  count: number;
  tests: string[];
}

export interface WalkedByReport {
  generatedBy: string;
  machines: Record<
    string,
    {
      edges: number;
      machineCovered: number;
      uiCovered: number | null;
      walkedBy: Record<string, { machine: WalkedTests; ui: WalkedTests }>;
    }
  >;
}

const report = walkedByJson as WalkedByReport;

/** The tests that walk one edge of a machine, as the last full coverage run found them. */
export function walkedBy(
  machine: string,
  edgeId: string,
): { machine: WalkedTests; ui: WalkedTests } | undefined {
  return report.machines[machine]?.walkedBy[edgeId];
}

/** `tests/ui/walks/x.test.tsx > m (UI walk) > path` → `x.test.tsx › path`. */
export function shortTestName(name: string): string {
  const [file, , test] = name.split(' > ');
  return test ? `${file?.replace(/^tests\/(ui\/walks|model)\//, '')} › ${test}` : name;
}

/** One table cell: how many model paths walk the edge, and the UI tests that do. */
export function walkedByCell(machine: string, edgeId: string): string {
  const walked = walkedBy(machine, edgeId);
  if (!walked) return '(not in walked-by.json: run `npm run coverage:paths`)';
  const model = `${walked.machine.count} model path${walked.machine.count === 1 ? '' : 's'}`;
  const [first] = walked.ui.tests;
  if (!first) return `${model}; UI: none`;
  const more = walked.ui.count > 1 ? ` (+${walked.ui.count - 1} more)` : '';
  return `${model}; UI: ${shortTestName(first)}${more}`;
}
