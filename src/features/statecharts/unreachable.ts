/**
 * Edges the machines define but no event sequence can take: the form factories (src/machines/form.ts)
 * give every form the same shape, including branches that some options make dead. Each entry is a
 * CLAIM the model tests check on every snapshot they visit (tests/model): a guard that always gives
 * the same answer, or a state that is never active. A claim that turns false, an entry whose edge is
 * no longer defined, or a listed edge that a walk takes, fails the tests. The fix requested for the
 * machines is in .tmp/statechart-notes.md; once made, these entries go.
 */

export type UnreachableClaim =
  /** The guard evaluates to `value` in every visited snapshot (optionally: in these states only). */
  | { guard: string; value: boolean; inStates?: string[] }
  /** The state is never active. */
  | { neverActive: string };

export interface Unreachable {
  machines: string[];
  edges: string[];
  claim: UnreachableClaim;
  reason: string;
}

const PAGE_FORMS = ['signup', 'login', 'recoverPassword', 'resetPassword', 'changePassword'];
const CONFIRMATIONS = ['accountDeletion', 'deleteItem', 'deleteUser'];
const DIRTY_MODALS = ['addItem', 'editItem', 'addUser', 'editUser', 'changeUserPassword'];

export const UNREACHABLE: Unreachable[] = [
  {
    machines: PAGE_FORMS,
    edges: ['editing.checking --always [isBlocked ✓]--> editing.blocked'],
    claim: { guard: 'isBlocked', value: false },
    reason: 'no requireDirty/canSubmit option: isBlocked is constant false, `blocked` is dead',
  },
  {
    machines: PAGE_FORMS,
    edges: [
      'failed --form.submit [canSubmit ✗]--> (not taken)',
      'succeeded --form.submit [canSubmit ✗]--> (not taken)',
    ],
    claim: { guard: 'canSubmit', value: true },
    reason: 'no requireDirty/canSubmit option: canSubmit is constant true',
  },
  {
    machines: CONFIRMATIONS,
    edges: ['open.editing.checking --always [isBlocked ✓]--> open.editing.blocked'],
    claim: { guard: 'isBlocked', value: false },
    reason: 'no requireDirty/canSubmit option: isBlocked is constant false',
  },
  {
    machines: CONFIRMATIONS,
    edges: [
      'open.editing.checking --always [isBlocked ✗, isValid ✗]--> open.editing.invalid',
      'open.validating --always [isValid ✗]--> open.editing',
    ],
    claim: { guard: 'isValid', value: true },
    reason: 'the empty schema accepts every value: isValid is constant true',
  },
  {
    machines: CONFIRMATIONS,
    edges: ['open.editing.invalid --form.submit--> open.validating'],
    claim: { neverActive: 'open.editing.invalid' },
    reason: '`invalid` is dead (isValid is constant true)',
  },
  {
    machines: CONFIRMATIONS,
    edges: ['open.failed --form.submit [canSubmit ✗]--> (not taken)'],
    claim: { guard: 'canSubmit', value: true },
    reason: 'no requireDirty/canSubmit option: canSubmit is constant true',
  },
  {
    machines: DIRTY_MODALS,
    edges: ['open.failed --form.submit [canSubmit ✗]--> (not taken)'],
    claim: { guard: 'canSubmit', value: true, inStates: ['open.failed'] },
    reason:
      '`failed` is entered only with values that passed canSubmit, and every event that changes values leaves it',
  },
  {
    machines: ['profile'],
    edges: ['editing.failed --form.submit [canSubmit ✗]--> (not taken)'],
    claim: { guard: 'canSubmit', value: true, inStates: ['editing.failed'] },
    reason:
      '`failed` is entered only with values that passed canSubmit, and every event that changes values leaves it',
  },
];

/** The unreachable entries of one machine, one per edge. */
export function unreachableEdges(machine: string): { edge: string; entry: Unreachable }[] {
  return UNREACHABLE.filter((entry) => entry.machines.includes(machine)).flatMap((entry) =>
    entry.edges.map((edge) => ({ edge, entry })),
  );
}
