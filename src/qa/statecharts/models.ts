import type { AnyEventObject, AnyStateMachine, ContextFrom } from 'xstate';
import { ApiError } from '../../api/api-error';
import { PAGE_SIZES } from '../../api/paging';
import type { AnyConfirmation } from '../../features/common/confirmation';
import type { AnyFormDialog } from '../../features/common/form-dialog';
import { CONFIRMATIONS } from '../../features/confirmations';
import { FORM_DIALOGS } from '../../features/form-dialogs';
import { appearanceMachine } from '../../machines/appearance';
import { defaultsOf } from '../../machines/declared';
import * as flows from '../../machines/flows';
import type { FormContext, FormValues } from '../../machines/form';
import { loginMachine } from '../../machines/login-flow';
import {
  itemsPagingMachine,
  MAX_RETRIES,
  type PagingContext,
  pageRows,
  usersPagingMachine,
} from '../../machines/paging';
import { type SessionContext, sessionMachine } from '../../machines/session';
import * as signedInFlows from '../../machines/signed-in-flows';
import { PROFILE_FORM } from '../../machines/signed-in-schemas';
import { ACCOUNT_MODELS } from './account-models';
import { confirmationFixture, formDialogFixture } from './dialog-fixtures';
import {
  API_FAILURES,
  actorOutcomes,
  detail,
  labelled,
  listAnswer,
  type MachineModel,
  runningInvokes,
  timeoutEvents,
} from './model-kit';

/**
 * The test model of every machine: where a traversal starts (inputs), which events with which payloads
 * may be sent in a state, and which invoked actors the walk fakes. The model-based tests
 * (tests/model) and the QA viewer (/statecharts) generate their paths from these same models.
 */

// ---------------------------------------------------------------------------------------------------
// Forms

/** A form machine's values (its fields, as its schema types them). */
type ValuesOf<M extends AnyStateMachine> = ContextFrom<M> extends { values: infer V } ? V : never;
/** The record a modal form acts on (its `types.target`), as its context holds it. */
type TargetOf<M extends AnyStateMachine> =
  ContextFrom<M> extends { target: infer T } ? NonNullable<T> : never;

interface FormFixture<V, T = unknown> {
  kind: 'page' | 'modal' | 'toggle';
  /** Values that pass every rule (merged over the current values by form.set). */
  valid: Partial<V>;
  /** Values that break rules (merged over the current values by form.set). */
  invalid: Partial<V>;
  /** modal.open / profile.edit payload: the record being edited (complete, as the screens send it), if any. */
  open?: { values?: V; target?: T };
  output: unknown;
}

/** A form's model: its fixture's values are checked against the machine's fields. */
function formModel<M extends AnyStateMachine>(
  name: string,
  machine: M,
  group: string,
  fixture: FormFixture<ValuesOf<M>, TargetOf<M>>,
): MachineModel;
function formModel(
  name: string,
  machine: AnyStateMachine,
  group: string,
  fixture: FormFixture<FormValues>,
): MachineModel {
  const [firstField] = Object.keys(fixture.invalid);
  if (firstField === undefined) throw new Error(`${name}: the fixture needs invalid values`);
  const opened = fixture.open?.values ?? {};
  return {
    name,
    group,
    machine,
    inputs: [{ label: 'start' }],
    actors: { submit: 'promise' },
    events: (snapshot) => {
      const context = snapshot.context as FormContext;
      const clean = { ...context.initial, ...opened };
      const events: AnyEventObject[] = [
        labelled(
          { type: 'form.change', field: firstField, value: fixture.invalid[firstField] },
          `${firstField}, invalid input`,
        ),
        labelled({ type: 'form.blur', field: firstField }, firstField),
        labelled({ type: 'form.set', values: fixture.valid }, 'valid input'),
        labelled({ type: 'form.set', values: fixture.invalid }, 'invalid input'),
        labelled({ type: 'form.set', values: clean }, 'values as opened'),
        { type: 'form.submit' },
      ];
      if (fixture.kind === 'modal') {
        events.push(
          labelled({ type: 'modal.open', ...fixture.open }, fixture.open ? 'with record' : 'empty'),
        );
        events.push({ type: 'modal.close' });
      }
      if (fixture.kind === 'toggle') {
        events.push(labelled({ type: 'profile.edit', values: opened }, 'current user'));
        events.push({ type: 'profile.cancel' });
      }
      events.push(...actorOutcomes(snapshot, 'submit', fixture.output));
      return events;
    },
  };
}

/**
 * A confirmation without fields (its descriptor: src/features/confirmations.ts): open on a record,
 * confirm, close; the call succeeds or fails.
 */
function confirmationModel(dialog: AnyConfirmation): MachineModel {
  const { name, group, machine } = dialog;
  const fixture = confirmationFixture(dialog);
  return {
    name,
    group,
    machine,
    inputs: [{ label: 'start' }],
    actors: { submit: 'promise' },
    events: (snapshot) => [
      labelled(
        { type: 'modal.open', target: fixture.target },
        fixture.target === undefined ? 'empty' : 'with record',
      ),
      { type: 'modal.close' },
      { type: 'form.submit' },
      ...actorOutcomes(snapshot, 'submit', fixture.output),
    ],
  };
}

const formModels: MachineModel[] = [
  formModel('signup', flows.signupMachine, 'Public pages', {
    kind: 'page',
    valid: {
      full_name: 'Alice Example',
      email: 'alice@example.com',
      password: 'password-1',
      confirm_password: 'password-1',
    },
    invalid: { full_name: 'Al', email: 'not-an-email', password: 'short', confirm_password: 'other' },
    output: { id: 'user-1', email: 'alice@example.com' },
  }),
  formModel('login', loginMachine, 'Public pages', {
    kind: 'page',
    valid: { username: 'alice@example.com', password: 'password-1' },
    invalid: { username: 'not-an-email', password: '' },
    output: { access_token: 'token', token_type: 'bearer' },
  }),
  formModel('recoverPassword', flows.recoverPasswordMachine, 'Public pages', {
    kind: 'page',
    valid: { email: 'alice@example.com' },
    invalid: { email: 'not-an-email' },
    output: { message: 'Password recovery email sent' },
  }),
  formModel('resetPassword', flows.resetPasswordMachine, 'Public pages', {
    kind: 'page',
    valid: { new_password: 'password-2', confirm_password: 'password-2' },
    invalid: { new_password: 'short', confirm_password: 'other' },
    output: { message: 'Password updated successfully' },
  }),
  formModel('profile', signedInFlows.profileMachine, 'Settings', {
    kind: 'toggle',
    // Every field of the form (a declared field added to it joins here), two of them filled.
    open: { values: { ...defaultsOf(PROFILE_FORM), full_name: 'Alice Example', email: 'alice@example.com' } },
    valid: { full_name: 'Alice Renamed', email: 'alice.renamed@example.com' },
    invalid: { full_name: 'x'.repeat(40), email: 'not-an-email' },
    output: { id: 'user-1', full_name: 'Alice Renamed', email: 'alice.renamed@example.com' },
  }),
  formModel('changePassword', signedInFlows.changePasswordMachine, 'Settings', {
    kind: 'page',
    valid: { current_password: 'password-1', new_password: 'password-2', confirm_password: 'password-2' },
    invalid: { current_password: '', new_password: 'short', confirm_password: 'other' },
    output: { message: 'Password updated successfully' },
  }),
];

/** A described form dialog (src/features/form-dialogs.ts): its fixture, opened on its record, if any. */
function formDialogModel(dialog: AnyFormDialog): MachineModel {
  const { name, group, machine, opened } = dialog;
  const { target, ...rest } = formDialogFixture(dialog);
  // Without `opened` the form opens with its defaults: the event carries the record alone.
  const open = target === undefined ? undefined : opened ? { values: opened(target), target } : { target };
  return formModel(name, machine, group, { kind: 'modal', ...rest, open });
}

// ---------------------------------------------------------------------------------------------------
// Session, paging, appearance

/**
 * Loading the current user fails like any call, and also with the refusals that only end a session
 * (src/api/refusal.ts): a revoked token's 403 and the signed-in user gone (404 'User not found').
 */
const SESSION_FAILURES = [
  ...API_FAILURES,
  { label: '403 credentials', error: detail(403, 'Could not validate credentials') },
  { label: '404 user gone', error: detail(404, 'User not found') },
];

const sessionModel: MachineModel = {
  name: 'session',
  group: 'App',
  machine: sessionMachine,
  inputs: [
    { label: 'no stored token', input: { token: '' } },
    { label: 'stored token', input: { token: 'stored-token' } },
  ],
  actors: { loadCurrentUser: 'promise', watchOtherTabs: 'callback' },
  events: (snapshot) => [
    labelled({ type: 'session.login', token: 'new-token' }, 'token'),
    { type: 'session.logout' },
    { type: 'session.expired' },
    { type: 'session.userNotFound' },
    { type: 'session.retry' },
    // What another tab's change of the stored token reports (src/features/app/tabs.ts): no token left,
    // another token, or the token this tab holds (the same change reported twice).
    { type: 'session.otherTabSignedOut' },
    labelled({ type: 'session.otherTabSignedIn', token: 'other-tab-token' }, 'other token'),
    ...[(snapshot.context as SessionContext).token]
      .filter(Boolean)
      .map((token) => labelled({ type: 'session.otherTabSignedIn', token }, 'same token')),
    ...actorOutcomes(
      snapshot,
      'loadCurrentUser',
      { id: 'user-1', email: 'alice@example.com' },
      SESSION_FAILURES,
    ),
  ],
};

function pagingModel(name: string, machine: AnyStateMachine, pageSize: number): MachineModel {
  return {
    name,
    group: 'Lists',
    machine,
    inputs: [
      { label: 'page 1', input: { page: 1, pageSize } },
      { label: 'page 3', input: { page: 3, pageSize } },
    ],
    // The list query of the page: its answers and failures are the events below.
    actors: { list: 'callback' },
    key: (snapshot) => {
      const context = snapshot.context as PagingContext;
      return `${context.page > 1 ? 'page>1' : 'page=1'},${pageRows(context) === context.pageSize ? 'full' : 'short'},${context.retries < MAX_RETRIES ? 'may retry' : 'retries spent'}`;
    },
    events: (snapshot) => {
      const { page } = snapshot.context as PagingContext;
      return [
        labelled({ type: 'paging.loaded', list: listAnswer(pageSize, 2 * pageSize + 2) }, 'full page'),
        labelled({ type: 'paging.loaded', list: listAnswer(2, 2 * pageSize + 2) }, 'short page'),
        labelled({ type: 'paging.failed', error: detail(400, 'Inactive user') }, '400'),
        labelled({ type: 'paging.failed', error: new ApiError(500, 'Internal Server Error') }, '500'),
        { type: 'paging.retry' },
        { type: 'paging.online' },
        ...timeoutEvents(snapshot),
        { type: 'paging.next' },
        { type: 'paging.previous' },
        labelled({ type: 'paging.sync', page }, 'same page'),
        labelled({ type: 'paging.sync', page: page + 1 }, 'other page'),
        labelled({ type: 'paging.sync', page: 'abc' }, 'invalid page'),
      ];
    },
  };
}

const cannotWatch = labelled(
  { type: 'xstate.error.actor.watchSystem', error: new Error('matchMedia is not available') },
  'cannot watch',
);

const appearanceModel: MachineModel = {
  name: 'appearance',
  group: 'App',
  machine: appearanceMachine,
  inputs: [
    { label: 'nothing stored', input: { stored: null } },
    { label: 'stored dark', input: { stored: 'dark' } },
    { label: 'stored system', input: { stored: 'system' } },
    { label: 'stored garbage', input: { stored: 'purple' } },
  ],
  actors: { watchSystem: 'callback' },
  events: (snapshot) => [
    labelled({ type: 'appearance.change', mode: 'light' }, 'light'),
    labelled({ type: 'appearance.change', mode: 'dark' }, 'dark'),
    labelled({ type: 'appearance.change', mode: 'system' }, 'system'),
    labelled({ type: 'appearance.change', mode: 'purple' }, 'invalid mode'),
    { type: 'appearance.systemChanged' },
    ...(runningInvokes(snapshot).includes('watchSystem') ? [cannotWatch] : []),
  ],
};

/** Every machine of src/machines, with its test model. */
export const MODELS: MachineModel[] = [
  sessionModel,
  appearanceModel,
  pagingModel('itemsPaging', itemsPagingMachine, PAGE_SIZES.items),
  pagingModel('usersPaging', usersPagingMachine, PAGE_SIZES.users),
  ...formModels,
  ...FORM_DIALOGS.map(formDialogModel),
  ...CONFIRMATIONS.map(confirmationModel),
  ...ACCOUNT_MODELS,
];

export function modelByName(name: string): MachineModel | undefined {
  return MODELS.find((model) => model.name === name);
}
