import { CONFIRMATIONS } from '../../../src/features/confirmations';
import type { RequirementId } from '../../../src/qa/requirements/requirements';
import { confirmationFixture } from '../../../src/qa/statecharts/dialog-fixtures';
import {
  accepted,
  crashed,
  current,
  isRunning,
  type Oracle,
  ran,
  type Step,
  same,
  sentType,
  type Trace,
  type TraceCall,
} from './types';

/**
 * Forms and confirmations (spec §2 Modals, §4, §5, §8). The rules below are the spec's words, written
 * again as predicates: they are not imported from the schemas the machines use.
 */

type Values = Record<string, unknown>;
export type FormShape = 'page' | 'modal' | 'toggle' | 'confirmation';

export interface FormSpec {
  shape: FormShape;
  /** §5's rules for the values a submit may send: a message per broken rule. */
  rules?: (values: Values) => string[];
  /** §4: Save stays disabled until the form has changed. */
  changedToSave?: boolean;
  /** The form acts on the record it was opened on (edit, delete, set password). */
  target?: boolean;
}

// §5: "Email must match a standard e-mail pattern".
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// §9: "Minimum password length 8."
const MIN_PASSWORD = 8;

const text = (values: Values, field: string) => String(values[field] ?? '');
const required = (values: Values, field: string) =>
  text(values, field) === '' ? [`${field} is required`] : [];
const email = (values: Values, field = 'email') =>
  required(values, field).length
    ? required(values, field)
    : EMAIL.test(text(values, field))
      ? []
      : [`${field} is not an e-mail`];
const password = (values: Values, field: string, confirm: string) => [
  ...(text(values, field).length < MIN_PASSWORD ? [`${field} is shorter than ${MIN_PASSWORD}`] : []),
  ...(text(values, confirm) !== text(values, field) ? [`${confirm} differs from ${field}`] : []),
];

/** Per form machine (the model's name): its shape and the spec's rules. */
export const FORM_SPECS: Record<string, FormSpec> = {
  // §5: signup: email required and valid, full name required min 3, password required min 8, confirmation equal.
  signup: {
    shape: 'page',
    rules: (values) => [
      ...email(values),
      ...(text(values, 'full_name').length < 3 ? ['full_name shorter than 3'] : []),
      ...password(values, 'password', 'confirm_password'),
    ],
  },
  // §5: "Login username required", "Login password only required".
  login: {
    shape: 'page',
    rules: (values) => [...required(values, 'username'), ...required(values, 'password')],
  },
  // §5: "Email required on … recover-password".
  recoverPassword: { shape: 'page', rules: (values) => email(values) },
  // §5: reset new_password min 8, confirmation equal.
  resetPassword: { shape: 'page', rules: (values) => password(values, 'new_password', 'confirm_password') },
  // §4: "Save is enabled only when the form is changed and an e-mail is present." §5: profile full name max 30.
  profile: {
    shape: 'toggle',
    changedToSave: true,
    rules: (values) => [
      ...email(values),
      ...(text(values, 'full_name').length > 30 ? ['full_name longer than 30'] : []),
    ],
  },
  // §5: change-password new_password min 8, confirmation equal.
  changePassword: { shape: 'page', rules: (values) => password(values, 'new_password', 'confirm_password') },
  // §5: "Item title required".
  addItem: { shape: 'modal', rules: (values) => required(values, 'title') },
  editItem: { shape: 'modal', target: true, rules: (values) => required(values, 'title') },
  // §4: admin "Save is disabled until the form has changed". §5: email required, admin create password min 8, confirmation equal.
  addUser: {
    shape: 'modal',
    changedToSave: true,
    rules: (values) => [...required(values, 'email'), ...password(values, 'password', 'confirm_password')],
  },
  // §5: "On admin edit, an empty password is dropped from the payload"; a password given is min 8.
  editUser: {
    shape: 'modal',
    target: true,
    changedToSave: true,
    rules: (values) => [
      ...required(values, 'email'),
      ...(text(values, 'password') === '' ? [] : password(values, 'password', 'confirm_password')),
    ],
  },
  // §5: "admin set-password" min 8, confirmation equal.
  changeUserPassword: {
    shape: 'modal',
    target: true,
    rules: (values) => password(values, 'password', 'confirm_password'),
  },
  // §2's confirmations ('Confirmation Required', Delete Item/User) and, beyond the spec (README › Account
  // commands, issue 26's server-side logout), the ones that end something only after their own
  // confirmation: from their descriptors (src/features/confirmations.ts); a row confirmation acts on
  // the record it was opened on.
  ...Object.fromEntries(
    CONFIRMATIONS.map((dialog): [string, FormSpec] => [
      dialog.name,
      { shape: 'confirmation', target: confirmationFixture(dialog).target !== undefined },
    ]),
  ),
};

const OPEN_EVENTS = ['modal.open', 'profile.edit'];
/** Cancel, Close, the dialog's × and Escape: the screens send these for all of them. */
const CLOSE_EVENTS = ['modal.close', 'profile.cancel'];
const isBusy = (snapshot: Step['before']) =>
  Boolean(snapshot?.matches({ open: 'submitting' }) || snapshot?.matches({ editing: 'submitting' }));

/** §8's failure report per form: signup's and login's own, the admin's, the deletes', else 'Error'. */
const FAILURE_REQUIREMENT: Record<string, RequirementId> = {
  signup: 'R-ERR-02',
  login: 'R-ERR-03',
  addUser: 'R-ERR-05',
  editUser: 'R-ERR-05',
  changeUserPassword: 'R-ERR-05',
  deleteItem: 'R-ERR-06',
  deleteUser: 'R-ERR-06',
};
/** §2's dialogs: the account deletion's own ('Confirmation Required'), else the list of modals. */
const DIALOG_REQUIREMENT: Record<string, RequirementId> = { accountDeletion: 'R-ROUTE-25' };
const submitCalls = (step: Step) => step.calls.filter((call) => call.src === 'submit');
const valuesOf = (step: Step) => (step.snapshot.context as { values?: Values }).values;
const inputOf = (call: TraceCall) => call.input as { values: Values; target: unknown };
const isClosed = (step: Step) => step.snapshot.matches('closed');

/** The step that last opened the form (a modal.open / profile.edit that changed the state). */
function lastOpening(trace: Trace, before = trace.steps.length): Step | undefined {
  for (let index = before - 1; index >= 0; index -= 1) {
    const step = trace.steps[index] as Step;
    if (
      OPEN_EVENTS.includes(sentType(step) ?? '') &&
      step.before &&
      !same(step.before.value, step.snapshot.value)
    )
      return step;
  }
  return undefined;
}

/** The step answered the submit call that was running (not a stale one). */
function answered(step: Step) {
  const settled = step.settled;
  if (settled?.call.src !== 'submit' || settled.call.stopped) return undefined;
  return settled;
}

export function formOracles(name: string): Oracle[] {
  const spec = FORM_SPECS[name];
  if (!spec) throw new Error(`no form spec for ${name}`);
  const dialog = spec.shape === 'modal' || spec.shape === 'confirmation';
  // The requirement that names the flow itself: the spec's list of modals, the profile's toggle.
  const flow: RequirementId[] = dialog
    ? [DIALOG_REQUIREMENT[name] ?? 'R-ROUTE-23']
    : spec.shape === 'toggle'
      ? ['R-FLOW-07']
      : [];
  // §5 R-VAL-08: a submit sends only after the fields were checked (a confirmation has none).
  const checked: RequirementId[] = spec.shape === 'confirmation' ? [] : ['R-VAL-08'];
  const oracles: Oracle[] = [
    crashed,
    {
      // §2: "a Delete confirmation"; §4 "Save is …": a request is sent only when Save/Confirm is pressed.
      id: 'form.request-only-on-submit',
      spec: '§2 Modals, §4',
      requirements: [...flow, ...checked],
      check: (trace) => {
        const step = current(trace);
        const call = submitCalls(step)[0];
        return call && sentType(step) !== 'form.submit'
          ? `submit#${call.n} started by "${step.label}", not by form.submit`
          : undefined;
      },
    },
    {
      // Issue 25 on §4: "a busy form ignores a second submit".
      id: 'form.busy-ignores-second-submit',
      spec: '§4',
      requirements: [...flow, ...checked],
      check: (trace) => {
        const step = current(trace);
        for (const call of submitCalls(step)) {
          const other = trace.calls.find(
            (earlier) =>
              earlier !== call && earlier.src === 'submit' && earlier.step < step.index && isRunning(earlier),
          );
          if (other) return `submit#${call.n} started while submit#${other.n} was still running`;
        }
        return undefined;
      },
    },
    {
      // Issue 25 on §4 "Modals close after success": a busy form cannot be closed (nor cancelled) —
      // the running request ends only with its answer.
      id: 'form.busy-cannot-close',
      spec: '§4',
      // Dialogs close only after success; the profile leaves edit mode by Cancel, which a busy one ignores.
      requirements: dialog ? ['R-FLOW-19'] : spec.shape === 'toggle' ? ['R-FLOW-09'] : [],
      check: (trace) => {
        const step = current(trace);
        // The call's time limit (issue 34: an `after` edge, taken when the clock passes it) ends a
        // busy form as a failure would; no user event may.
        if (step.kind === 'clock' || step.event?.type.startsWith('xstate.after.')) return undefined;
        const abandoned = trace.calls.find((call) => call.src === 'submit' && call.stoppedAt === step.index);
        if (!abandoned) return undefined;
        return `"${step.label}" dropped the running submit#${abandoned.n} (${JSON.stringify(step.snapshot.value)})`;
      },
    },
    {
      // §4 "Modals close after success"; §8 success toasts ('Success!' …): the success effect runs once.
      id: 'form.success-closes-and-reports',
      spec: '§4, §8',
      // Login's success is the session's (R-FLOW-02): it shows no toast.
      requirements: [
        ...(dialog ? (['R-FLOW-19'] as const) : []),
        name === 'login' ? 'R-FLOW-02' : 'R-ERR-07',
      ],
      check: (trace) => {
        const step = current(trace);
        const settled = answered(step);
        if (settled?.kind !== 'done') return undefined;
        if (ran(step, 'onSuccess').length !== 1)
          return `onSuccess ran ${ran(step, 'onSuccess').length} times`;
        if ((spec.shape === 'modal' || spec.shape === 'confirmation') && !isClosed(step))
          return `the dialog stayed open after success (${JSON.stringify(step.snapshot.value)})`;
        if (spec.shape === 'toggle' && !step.snapshot.matches('viewing'))
          return 'the profile did not return to view mode';
        return undefined;
      },
    },
    {
      // §8: "Other failures: toast 'Error' with the message"; "Failed delete: toast 'An error occurred.'".
      // The form stays as the user left it, open, with their values.
      id: 'form.failure-reported-form-kept',
      spec: '§8',
      requirements: [FAILURE_REQUIREMENT[name] ?? 'R-ERR-04'],
      check: (trace) => {
        const step = current(trace);
        const settled = answered(step);
        if (settled?.kind !== 'error') return undefined;
        if (ran(step, 'onFailure').length !== 1)
          return `onFailure ran ${ran(step, 'onFailure').length} times`;
        if (ran(step, 'onSuccess').length > 0) return 'a failure reported success';
        if (isClosed(step) || step.snapshot.matches('viewing')) return 'a failure closed the form';
        const before = step.before?.context as { values?: Values } | undefined;
        if (before?.values && !same(before.values, valuesOf(step))) return 'a failure changed the values';
        return undefined;
      },
    },
  ];
  if (spec.shape !== 'page') {
    oracles.push({
      // §2 Modals and §4 "Cancel resets the form and returns to view mode": what closes a form without
      // saving (Cancel, Close, ×, Escape) never sends it, never reports a success, and closes a form
      // that is not busy (a busy one: form.busy-cannot-close).
      id: 'form.close-never-submits',
      spec: '§2 Modals, §4',
      requirements: spec.shape === 'toggle' ? ['R-FLOW-09'] : flow,
      check: (trace) => {
        const step = current(trace);
        if (!CLOSE_EVENTS.includes(sentType(step) ?? '')) return undefined;
        const call = submitCalls(step)[0];
        if (call) return `"${step.label}" sent the form (submit#${call.n})`;
        if (ran(step, 'onSuccess').length) return `"${step.label}" ran the success effect`;
        if (!accepted(step) || isBusy(step.before)) return undefined;
        return isClosed(step) || step.snapshot.matches('viewing')
          ? undefined
          : `"${step.label}" left the form open (${JSON.stringify(step.snapshot.value)})`;
      },
    });
  }
  if (spec.rules) {
    const rules = spec.rules;
    oracles.push({
      // §5 Validation rules: a request carries only values that pass them.
      id: 'form.only-valid-values-sent',
      spec: '§5',
      requirements: ['R-VAL-08'],
      check: (trace) => {
        for (const call of submitCalls(current(trace))) {
          const broken = rules(inputOf(call).values);
          if (broken.length)
            return `submit#${call.n} sent ${JSON.stringify(inputOf(call).values)}: ${broken.join('; ')}`;
        }
        return undefined;
      },
    });
  }
  if (spec.changedToSave) {
    oracles.push({
      // §4: "Save is enabled only when the form is changed" / "Save is disabled until the form has changed."
      id: 'form.changed-to-save',
      spec: '§4',
      requirements: [spec.shape === 'toggle' ? 'R-FLOW-08' : 'R-FLOW-14'],
      check: (trace) => {
        const step = current(trace);
        const call = submitCalls(step)[0];
        const opening = lastOpening(trace);
        if (!call || !opening) return undefined;
        return same(inputOf(call).values, valuesOf(opening))
          ? `submit#${call.n} sent the values as opened, unchanged`
          : undefined;
      },
    });
  }
  if (spec.target) {
    oracles.push({
      // §2 Modals ("Edit Item", "Delete confirmation"; "The change-password option opens the user
      // password form"): the request acts on the record the dialog was opened on.
      id: 'form.acts-on-opened-record',
      spec: '§2 Modals',
      requirements: flow,
      check: (trace) => {
        const step = current(trace);
        const call = submitCalls(step)[0];
        if (!call) return undefined;
        const opening = lastOpening(trace);
        const target = (opening?.event as unknown as { target?: unknown } | undefined)?.target;
        if (!opening || target === undefined) return `submit#${call.n} on a dialog never opened on a record`;
        return same(inputOf(call).target, target)
          ? undefined
          : `submit#${call.n} acts on ${JSON.stringify(inputOf(call).target)}, opened on ${JSON.stringify(target)}`;
      },
    });
  }
  if (spec.shape === 'toggle') {
    oracles.push({
      // §4: "Profile form toggles between view and edit mode. … Cancel resets the form and returns to
      // view mode." View mode shows what was saved: the values it was opened with, or the last saved.
      id: 'profile.view-shows-saved',
      spec: '§4',
      requirements: ['R-FLOW-09'],
      check: (trace) => {
        let saved = valuesOf(trace.steps[0] as Step);
        for (const step of trace.steps) {
          if (OPEN_EVENTS.includes(sentType(step) ?? '') && step.before?.matches('viewing'))
            saved = valuesOf(step);
          const settled = answered(step);
          if (settled?.kind === 'done') saved = inputOf(settled.call).values;
        }
        const step = current(trace);
        if (!step.snapshot.matches('viewing')) return undefined;
        return same(valuesOf(step), saved)
          ? undefined
          : `view mode shows ${JSON.stringify(valuesOf(step))}, saved ${JSON.stringify(saved)}`;
      },
    });
  }
  return oracles;
}
