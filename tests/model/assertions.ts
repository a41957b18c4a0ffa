import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { CallTimeoutError, isTransient } from '../../src/api/errors';
import { CONFIRMATIONS } from '../../src/features/confirmations';
import { FORM_DIALOGS } from '../../src/features/form-dialogs';
import { MAX_RETRIES, type PagingContext, pageRows } from '../../src/machines/paging';
import { API_FAILURES } from '../../src/qa/statecharts/model-kit';
import { stateLabel } from '../../src/qa/statecharts/paths';
import type { WalkStep, World } from '../../src/qa/statecharts/walk';
import { listOfPagingMachine, listPaging } from '../support/paging';
import { ACCOUNT_ASSERTIONS } from './account-assertions';

/**
 * Each machine's own assertions, per state (dotted state value → check on the snapshot). The walk runs
 * the assertion of every state it reaches; a reachable state without one fails the tests.
 */

export type StateAssertion = (snapshot: AnyMachineSnapshot, step: WalkStep, world: World) => void;
export type MachineAssertions = Record<string, StateAssertion>;

const can = (snapshot: AnyMachineSnapshot, type: string, extra: object = {}) =>
  snapshot.can({ type, ...extra });
const ran = (step: WalkStep, type: string) => step.actions.filter((action) => action.type === type);
const enteredFrom = (world: World, snapshot: AnyMachineSnapshot) =>
  world.previous === undefined || stateLabel(world.previous) !== stateLabel(snapshot);
const eventError = (world: World) => (world.event as { error?: unknown } | undefined)?.error;
const knownFailure = (error: unknown) =>
  error instanceof CallTimeoutError || API_FAILURES.some((failure) => failure.error === error);
/** The failure a step ended in: its error event's, or a CallTimeoutError when its time limit ran out. */
const failureOf = (world: World) =>
  world.event?.type.startsWith('xstate.after.') ? expect.any(CallTimeoutError) : eventError(world);

// ---------------------------------------------------------------------------------------------------
// Forms

interface FormContextView {
  initial: Record<string, unknown>;
  values: Record<string, unknown>;
  errors: Record<string, string[]>;
  touched: Record<string, boolean>;
  submitted: boolean;
  target: unknown;
  error: unknown;
  output: unknown;
}
const formContext = (snapshot: AnyMachineSnapshot) => snapshot.context as FormContextView;

function editingAssertions(prefix: string): MachineAssertions {
  return {
    [`${prefix}.blocked`]: (snapshot) => {
      // Save is disabled: form.submit is not accepted.
      expect(can(snapshot, 'form.submit')).toBe(false);
    },
    [`${prefix}.invalid`]: (snapshot) => {
      const context = formContext(snapshot);
      expect(can(snapshot, 'form.submit')).toBe(true);
      // After a submit the errors are shown: there is at least one.
      if (context.submitted) expect(Object.keys(context.errors).length).toBeGreaterThan(0);
    },
    [`${prefix}.valid`]: (snapshot) => {
      expect(can(snapshot, 'form.submit')).toBe(true);
      expect(formContext(snapshot).errors).toEqual({});
    },
  };
}

function submittingAssertion(): StateAssertion {
  return (snapshot, _step, world) => {
    const context = formContext(snapshot);
    expect(context.submitted).toBe(true);
    expect(can(snapshot, 'form.submit')).toBe(false);
    expect(snapshot.children.submit).toBeDefined();
    // The submit actor was started with the values and the record the form acts on.
    expect(world.calls.at(-1)).toMatchObject({
      src: 'submit',
      input: { values: context.values, target: context.target },
    });
  };
}

function failedAssertion(): StateAssertion {
  return (snapshot, step, world) => {
    const context = formContext(snapshot);
    expect(knownFailure(context.error)).toBe(true);
    if (enteredFrom(world, snapshot)) {
      expect(context.error).toEqual(failureOf(world));
      expect(ran(step, 'onFailure')).toHaveLength(1);
      // A failure, an unanswered call's too, keeps what the user typed.
      expect(context.values).toEqual(formContext(world.previous as AnyMachineSnapshot).values);
    }
    expect(can(snapshot, 'form.submit')).toBe(true);
  };
}

function pageFormAssertions(onSuccess: 'clears' | 'leaves'): MachineAssertions {
  const resetOnSuccess = onSuccess === 'clears';
  return {
    ...editingAssertions('editing'),
    submitting: submittingAssertion(),
    failed: failedAssertion(),
    succeeded: (snapshot, step, world) => {
      const context = formContext(snapshot);
      if (enteredFrom(world, snapshot)) {
        expect(ran(step, 'onSuccess')).toHaveLength(1);
        // What the submit answered is kept, also when the fields are cleared.
        expect(context.output).toEqual((world.event as { output?: unknown }).output);
        if (resetOnSuccess) {
          expect(Object.values(context.values).every((value) => value === '')).toBe(true);
          expect(context.values).toEqual(context.initial);
          expect(context.touched).toEqual({});
          expect(context.submitted).toBe(false);
        }
      }
      if (onSuccess === 'leaves') {
        // The screen navigates away: the machine is done and takes no more events.
        expect(snapshot.status).toBe('done');
        expect(can(snapshot, 'form.submit')).toBe(false);
        return;
      }
      // Save submits again straight away (ungated forms need no change first).
      expect(can(snapshot, 'form.submit')).toBe(true);
    },
  };
}

function modalFormAssertions(): MachineAssertions {
  return {
    closed: (snapshot, step, world) => {
      const context = formContext(snapshot);
      expect(can(snapshot, 'modal.open')).toBe(true);
      expect(can(snapshot, 'form.submit')).toBe(false);
      expect(snapshot.children.submit).toBeUndefined();
      // Closed forms hold no edits.
      expect(context.values).toEqual(context.initial);
      expect(context.touched).toEqual({});
      // Saved: the success effect ran, then the dialog closed and cleared its fields.
      if (world.event?.type === 'xstate.done.actor.submit') expect(ran(step, 'onSuccess')).toHaveLength(1);
      // Closing clears the last failure too.
      if (world.event?.type === 'modal.close') expect(context.error).toBeNull();
    },
    ...editingAssertions('open.editing'),
    'open.submitting': (snapshot, step, world) => {
      submittingAssertion()(snapshot, step, world);
      // The dialog cannot be closed while saving.
      expect(can(snapshot, 'modal.close')).toBe(false);
    },
    'open.failed': (snapshot, step, world) => {
      failedAssertion()(snapshot, step, world);
      expect(can(snapshot, 'modal.close')).toBe(true);
    },
  };
}

interface ConfirmationView {
  target: unknown;
  error: unknown;
}
const confirmation = (snapshot: AnyMachineSnapshot) => snapshot.context as ConfirmationView;

function confirmationAssertions(): MachineAssertions {
  return {
    closed: (snapshot, step, world) => {
      const context = confirmation(snapshot);
      expect(can(snapshot, 'modal.open')).toBe(true);
      expect(can(snapshot, 'form.submit')).toBe(false);
      expect(snapshot.children.submit).toBeUndefined();
      // Closed confirmations hold no record and no failure.
      expect(context).toEqual({ target: null, error: null });
      if (world.event?.type === 'xstate.done.actor.submit') expect(ran(step, 'onSuccess')).toHaveLength(1);
      else expect(ran(step, 'onSuccess')).toHaveLength(0);
    },
    'open.idle': (snapshot, _step, world) => {
      const context = confirmation(snapshot);
      expect(can(snapshot, 'form.submit')).toBe(true);
      expect(can(snapshot, 'modal.close')).toBe(true);
      expect(context.error).toBeNull();
      const opened = world.event as { type: string; target?: unknown } | undefined;
      if (opened?.type === 'modal.open') expect(context.target).toBe(opened.target ?? null);
    },
    'open.submitting': (snapshot, _step, world) => {
      expect(snapshot.children.submit).toBeDefined();
      // Neither a second confirm nor closing while the call runs.
      expect(can(snapshot, 'form.submit')).toBe(false);
      expect(can(snapshot, 'modal.close')).toBe(false);
      expect(world.calls.at(-1)).toMatchObject({
        src: 'submit',
        input: { values: {}, target: confirmation(snapshot).target },
      });
    },
    'open.failed': (snapshot, step, world) => {
      const context = confirmation(snapshot);
      expect(knownFailure(context.error)).toBe(true);
      if (enteredFrom(world, snapshot)) {
        expect(context.error).toEqual(failureOf(world));
        expect(ran(step, 'onFailure')).toHaveLength(1);
      }
      expect(can(snapshot, 'form.submit')).toBe(true);
      expect(can(snapshot, 'modal.close')).toBe(true);
    },
  };
}

function toggleFormAssertions(): MachineAssertions {
  return {
    viewing: (snapshot, step, world) => {
      const context = formContext(snapshot);
      expect(can(snapshot, 'profile.edit')).toBe(true);
      expect(can(snapshot, 'form.submit')).toBe(false);
      if (world.event?.type === 'xstate.done.actor.submit') {
        // Saved: the saved values are the new baseline.
        expect(context.initial).toEqual(context.values);
        expect(ran(step, 'onSuccess')).toHaveLength(1);
      }
      if (world.event?.type === 'profile.cancel') expect(context.values).toEqual(context.initial);
    },
    ...editingAssertions('editing.fields'),
    'editing.submitting': (snapshot, step, world) => {
      submittingAssertion()(snapshot, step, world);
      // Cancel is ignored while saving (a targetless, action-less transition blocks the parent's).
      expect(can(snapshot, 'profile.cancel')).toBe(false);
    },
    'editing.failed': failedAssertion(),
  };
}

// ---------------------------------------------------------------------------------------------------
// Session, paging, appearance

/** Another tab reports the token this tab holds (its one change came by both channels): nothing happens. */
function sameTokenChangesNothing(step: WalkStep, world: World) {
  if (world.event?.type !== 'session.otherTabSignedIn') return;
  const context = world.previous?.context as { token: string } | undefined;
  if (world.event.token !== context?.token) return;
  expect(step.actions.filter((action) => !action.type.startsWith('xstate.'))).toEqual([]);
  expect(step.snapshot.children.loadCurrentUser).toBe(world.previous?.children.loadCurrentUser);
}

const sessionAssertions: MachineAssertions = {
  signedOut: (snapshot, step, world) => {
    const context = snapshot.context as { token: string };
    expect(context.token).toBe('');
    expect(can(snapshot, 'session.login', { token: 't' })).toBe(true);
    expect(can(snapshot, 'session.logout')).toBe(false);
    expect(snapshot.children.loadCurrentUser).toBeUndefined();
    if (world.event?.type === 'xstate.error.actor.loadCurrentUser') {
      // Loading the current user ended the session: the credential itself was refused.
      const { status, body } = eventError(world) as { status?: number; body?: { detail?: unknown } };
      const refused =
        status === 401 ||
        (status === 403 && body?.detail === 'Could not validate credentials') ||
        (status === 404 && body?.detail === 'User not found');
      expect(refused).toBe(true);
    }
    if (world.previous && stateLabel(world.previous).startsWith('signedIn')) {
      const effects = step.actions.map((action) => action.type).filter((type) => !type.startsWith('xstate.'));
      // Another tab removed the token already (a newer one would not be this tab's to remove).
      expect(effects).toEqual(
        world.event?.type === 'session.otherTabSignedOut'
          ? ['clearCache', 'goToLogin']
          : ['removeToken', 'clearCache', 'goToLogin'],
      );
    }
    // The other tabs are watched in every state.
    expect(snapshot.children.watchOtherTabs).toBeDefined();
  },
  'signedIn.loading': (snapshot, step, world) => {
    const context = snapshot.context as { token: string };
    expect(context.token).not.toBe('');
    expect(snapshot.children.loadCurrentUser).toBeDefined();
    expect(world.calls.at(-1)?.src).toBe('loadCurrentUser');
    if (world.event?.type === 'session.login') {
      expect(ran(step, 'storeToken')).toEqual([{ type: 'storeToken', params: { token: context.token } }]);
    }
    sameTokenChangesNothing(step, world);
    const before = world.previous && stateLabel(world.previous);
    const heldBefore = (world.previous?.context as { token: string } | undefined)?.token;
    if (world.event?.type === 'session.otherTabSignedIn' && world.event.token !== heldBefore) {
      // Another tab's token, stored there already: taken up, not stored again.
      expect(context.token).toBe(world.event.token);
      expect(ran(step, 'storeToken')).toEqual([]);
      // A signed-out tab leaves the public screens; a signed-in one drops what it cached for the old token.
      expect(ran(step, 'revisitRoute')).toHaveLength(before === 'signedOut' ? 1 : 0);
      expect(ran(step, 'clearCache')).toHaveLength(before === 'signedOut' ? 0 : 1);
    }
    expect(snapshot.children.watchOtherTabs).toBeDefined();
  },
  'signedIn.ready': (snapshot, step, world) => {
    expect((snapshot.context as { token: string }).token).not.toBe('');
    expect(can(snapshot, 'session.logout')).toBe(true);
    expect(can(snapshot, 'session.retry')).toBe(false);
    sameTokenChangesNothing(step, world);
    // A call answered 'User not found': the current user is asked for again, the screen stays.
    expect(ran(step, 'confirmCurrentUser')).toHaveLength(
      world.event?.type === 'session.userNotFound' ? 1 : 0,
    );
  },
  'signedIn.failed': (snapshot, step, world) => {
    const context = snapshot.context as { token: string; error: unknown };
    expect(context.token).not.toBe('');
    expect(knownFailure(context.error)).toBe(true);
    sameTokenChangesNothing(step, world);
    // Only refused credentials end the session; every other failure (a 403 about privileges too) lands here.
    const { status, body } = context.error as { status?: number; body?: { detail?: unknown } };
    expect(status).not.toBe(401);
    if (status === 403) expect(body?.detail).not.toBe('Could not validate credentials');
    if (status === 404) expect(body?.detail).not.toBe('User not found');
    if (enteredFrom(world, snapshot)) expect(context.error).toBe(eventError(world));
    expect(can(snapshot, 'session.retry')).toBe(true);
    // An inactive user, or a server that cannot answer: the way out is to log out.
    expect(can(snapshot, 'session.logout')).toBe(true);
  },
};

const pagingAssertions: MachineAssertions = {
  'list.loading': (snapshot, step, world) => {
    const context = snapshot.context as PagingContext;
    expect(context.pageSize).toBe(listPaging(listOfPagingMachine(snapshot.machine.id)).pageSize);
    expect(can(snapshot, 'paging.next')).toBe(false);
    expect(can(snapshot, 'paging.previous')).toBe(context.page > 1);
    // The list query runs for this page, started anew whenever the page changed.
    expect(snapshot.children.list).toBeDefined();
    const before = world.previous?.context as PagingContext | undefined;
    if (before && before.page !== context.page) {
      expect(world.calls.at(-1)).toMatchObject({
        src: 'list',
        input: { page: context.page, pageSize: context.pageSize },
      });
      // The last answer stays shown (dimmed) until this page answers.
      expect(context.list).toBe(before.list);
    }
    if (
      (world.event?.type === 'paging.next' || world.event?.type === 'paging.previous') &&
      before?.page !== context.page
    ) {
      expect(ran(step, 'navigate')).toEqual([{ type: 'navigate', params: { page: context.page } }]);
    }
    if (world.event?.type === 'paging.sync') expect(ran(step, 'navigate')).toEqual([]);
  },
  'list.ready': (snapshot, step, world) => {
    const context = snapshot.context as PagingContext;
    const full = pageRows(context) === context.pageSize;
    expect(can(snapshot, 'paging.next')).toBe(full);
    expect(can(snapshot, 'paging.previous')).toBe(context.page > 1);
    expect(context.error).toBeUndefined();
    expect(context.list?.page).toBe(context.page);
    if (world.event?.type === 'paging.loaded') {
      const answer = (world.event as unknown as { list: { data: unknown[]; count: number } }).list;
      expect(context.list).toEqual({ ...answer, page: context.page });
      // A full page prefetches the next one.
      expect(ran(step, 'prefetch')).toEqual(
        full ? [{ type: 'prefetch', params: { page: context.page + 1 } }] : [],
      );
    }
  },
  'list.retrying': (snapshot, _step, world) => {
    const context = snapshot.context as PagingContext;
    // Only a failure that may pass is retried, and at most MAX_RETRIES times in a row.
    expect(isTransient(context.error)).toBe(true);
    expect(context.retries).toBeGreaterThan(0);
    expect(context.retries).toBeLessThanOrEqual(MAX_RETRIES);
    expect(context.error).toBe(eventError(world) ?? context.error);
    expect(can(snapshot, 'paging.next')).toBe(false);
  },
  'list.failed': (snapshot, _step, world) => {
    const context = snapshot.context as PagingContext;
    expect(can(snapshot, 'paging.next')).toBe(false);
    expect(can(snapshot, 'paging.previous')).toBe(context.page > 1);
    // Never stuck: Try again asks for the page afresh, and so does the network coming back.
    expect(can(snapshot, 'paging.retry')).toBe(true);
    expect(can(snapshot, 'paging.online')).toBe(true);
    expect(context.error).toBeDefined();
    if (world.event?.type === 'paging.failed') {
      expect(context.error).toBe(eventError(world));
      // A transient failure is shown only once the retries are spent.
      if (isTransient(context.error)) expect(world.previous?.context.retries).toBe(MAX_RETRIES);
    } else if (world.event?.type.startsWith('xstate.after.'))
      expect(context.error).toBeInstanceOf(CallTimeoutError);
  },
};

function modeAssertion(mode: 'light' | 'dark' | 'system'): StateAssertion {
  return (snapshot, step, world) => {
    const applied = world.actions.filter((action) => action.type === 'apply');
    expect(applied.at(-1)).toEqual({ type: 'apply', params: { mode } });
    if (world.event?.type === 'appearance.change' && enteredFrom(world, snapshot)) {
      expect(ran(step, 'persist')).toEqual([{ type: 'persist', params: { mode } }]);
    }
    expect(Boolean(snapshot.children.watchSystem)).toBe(mode === 'system');
    if (mode === 'system' && world.event?.type === 'appearance.systemChanged') {
      expect(ran(step, 'apply')).toEqual([{ type: 'apply', params: { mode: 'system' } }]);
    }
    if (world.event?.type === 'xstate.error.actor.watchSystem')
      expect(ran(step, 'reportWatchError')).toHaveLength(1);
  };
}

const appearanceAssertions: MachineAssertions = {
  light: modeAssertion('light'),
  dark: modeAssertion('dark'),
  system: modeAssertion('system'),
};

export const ASSERTIONS: Record<string, MachineAssertions> = {
  session: sessionAssertions,
  appearance: appearanceAssertions,
  itemsPaging: pagingAssertions,
  usersPaging: pagingAssertions,
  signup: pageFormAssertions('leaves'),
  login: pageFormAssertions('leaves'),
  recoverPassword: pageFormAssertions('clears'),
  resetPassword: pageFormAssertions('leaves'),
  changePassword: pageFormAssertions('clears'),
  profile: toggleFormAssertions(),
  // Every described form dialog (src/features/form-dialogs.ts) and confirmation
  // (src/features/confirmations.ts): the same machine shape, the same checks.
  ...Object.fromEntries(FORM_DIALOGS.map(({ name }) => [name, modalFormAssertions()])),
  ...Object.fromEntries(CONFIRMATIONS.map(({ name }) => [name, confirmationAssertions()])),
  ...ACCOUNT_ASSERTIONS,
};
