/**
 * `WALK_MACHINES=a,b` (set by `npm run walk`, `coverage:paths --machine` and `npm run loop`, which names
 * the machines a change can affect: ./changed-walks.ts): only these machines' walks are declared, at
 * machine and UI level. A walk file then plans no paths and starts no server for the machines it skips,
 * which is what makes a walk of one machine take seconds instead of minutes.
 */
const only = (process.env.WALK_MACHINES ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);

export function walkWanted(machine: string): boolean {
  return only.length === 0 || only.includes(machine);
}

/**
 * Whether WALK_MACHINES names machines (a narrowed run: `npm run loop`, `npm run walk`). The checks that
 * concern no one machine but start a process that loads every machine (the scripts' output through a
 * pipe: tests/model/requirements.test.ts, coverage-paths-json.test.ts) are left to the runs of every
 * machine (`npm test`, CI), where they run as before: in a narrowed run they cost more than its walks.
 */
export const walksNarrowed = only.length > 0;
