import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import type { RequirementId } from '../qa/requirements/requirements';
import { traced } from './requirements';

/**
 * Form flows. One setup (context, events, actions, guards, the `submit` actor) is shared by three
 * shapes of flow:
 * - page forms (signup, login, …): editing → validating → submitting → failed | succeeded
 * - modal forms (Add Item, Edit User …): closed → open.{editing, validating, submitting, failed} → succeeded → closed
 * - toggle forms (the profile): viewing ↔ editing.{fields, validating, submitting, failed}
 * A fourth, smaller setup serves confirmations without fields (Delete Item, Delete User, account
 * deletion): closed → open.{idle, submitting, failed} → closed.
 *
 * While editing, the fields are `invalid` (Save shows the errors) or `valid` (Save submits), re-checked
 * after every change; a form with `requireDirty` or `canSubmit` also has `blocked` (Save disabled:
 * unchanged, or a required condition unmet). Only branches an option can take are built: a form
 * without those options has no `blocked` state and no `canSubmit` guard. So the state value tells what
 * Save does without holding any field text, and a graph traversal keyed on the state value alone
 * reaches every state (`form.set` fills several fields at once, e.g. autofill; the UI walks realise it
 * as several edits). Side effects (`submit`, `onSuccess`, `onFailure`) are placeholders, injected with
 * `machine.provide`.
 *
 * Page forms are here; the dialog, toggle and confirmation shapes, which only signed-in screens use,
 * are in ./form-dialogs.ts, so /login's bundle does not carry them (tests/budget).
 */

export type FieldValue = string | boolean;
/** What every form's values are: field name → text or checkbox. */
export type FormValues = Record<string, FieldValue>;
export type FieldErrors = Record<string, string[]>;

/** A form's schema: its field rules, over the form's values. */
export type FormSchema = v.GenericSchema<FormValues, FormValues>;
/** The values of a form, as its schema declares them (the field names and their types). */
export type ValuesOf<S extends FormSchema> = v.InferInput<S>;

/** The names of a form's fields. */
export type FieldName<V> = keyof V & string;
/** The names of a form's fields whose value is of type `T` (text fields: string, checkboxes: boolean). */
export type FieldOf<V, T> = { [K in FieldName<V>]-?: V[K] extends T ? K : never }[FieldName<V>];

export interface SubmitInput<V, T> {
  values: V;
  /** The record a modal acts on (the item or user being edited or deleted); null for forms without one. */
  target: T;
}

/** What a form's fields read: the values, their errors, and which of them to show. */
export interface FieldsContext<V extends FormValues = FormValues> {
  values: V;
  touched: Partial<Record<FieldName<V>, boolean>>;
  errors: FieldErrors;
  submitted: boolean;
}

export interface FormContext<V extends FormValues = FormValues, T = null, O = unknown>
  extends FieldsContext<V> {
  initial: V;
  target: T | null;
  /** The last failure of `submit`. */
  error: unknown;
  /** The last output of `submit`. */
  output: O | undefined;
}

/** The events a form's fields send: an edit (the value of the field's type), several edits, leaving a field. */
export type FieldEvent<V> =
  | { type: 'form.change'; field: FieldName<V>; value: V[FieldName<V>] }
  | { type: 'form.set'; values: Partial<V> }
  | { type: 'form.blur'; field: FieldName<V> };

export type FormEvent<V extends FormValues = FormValues, T = null> =
  | FieldEvent<V>
  | { type: 'form.submit' }
  /**
   * Opens a modal form, on the record it acts on when it has a target type. Values, when given, are
   * complete (every field), so an opener that misses a new field does not compile.
   */
  | { type: 'modal.open'; values?: V; target?: T }
  | { type: 'modal.close' }
  | { type: 'profile.edit'; values?: V }
  | { type: 'profile.cancel' };

/**
 * The types a form's options cannot show: the record it acts on (`target`, default none) and what its
 * submit answers (`output`), as XState's `setup({ types })` takes them: `types: {} as { target: …; output: … }`.
 */
export interface FormTypes<T, O> {
  target?: T;
  output?: O;
}

export interface FormOptions<V extends FormValues, T = null, O = unknown> {
  id: string;
  schema: FormSchema;
  /** Every field's value when the form starts empty. */
  defaults: V;
  types?: FormTypes<T, O>;
  /** Save stays disabled (and form.submit is ignored) until a value differs from the initial one. */
  requireDirty?: boolean;
  /** Further condition for submitting, e.g. 'an e-mail is present'. */
  canSubmit?: (values: V) => boolean;
  /** Page forms: clear the fields after success (the submit output is kept). */
  resetOnSuccess?: boolean;
  /** Page forms whose screen navigates away on success (login, signup, reset): `succeeded` is final,
   * so the chart draws no edits after it that no screen can make. */
  leavesOnSuccess?: boolean;
  requirements?: FormRequirements;
}

/**
 * The spec requirements (src/qa/requirements) a form's edges implement, by the part of the flow they
 * belong to; each machine's declaration names its own. The factories put them in the edges' meta.
 */
export interface FormRequirements {
  /** Opening (modal.open, profile.edit). */
  open?: RequirementId[];
  /** Closing or cancelling (modal.close, profile.cancel). */
  close?: RequirementId[];
  /** Edits, blurs and the checks after them (the field rules). */
  fields?: RequirementId[];
  /** Save held back: the checks that block it, and a Save they hold back. */
  blocked?: RequirementId[];
  /** Save: the values checked, then sent (or not). */
  submit?: RequirementId[];
  /** The call answered. */
  success?: RequirementId[];
  /** The call failed. */
  failure?: RequirementId[];
}

/** A factory's options: the schema's values type the defaults, `canSubmit` and every event of the form. */
export type SchemaFormOptions<S extends FormSchema, T, O> = FormOptions<ValuesOf<S>, T, O> & { schema: S };

/** All messages per field for the current values (valibot collects every issue). */
export function collectErrors(schema: FormSchema, values: FormValues): FieldErrors {
  const result = v.safeParse(schema, values, { abortEarly: false, abortPipeEarly: false });
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '_form';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

export function isDirty<V extends FormValues>(context: { initial: V; values: V }): boolean {
  return Object.keys(context.values).some((key) => context.values[key] !== context.initial[key]);
}

/** Errors shown to the user: those of fields blurred since opening, or all after a submit. */
export function visibleErrors<V extends FormValues>(context: FieldsContext<V>): FieldErrors {
  if (context.submitted) return context.errors;
  const shown: FieldErrors = {};
  for (const [field, messages] of Object.entries(context.errors)) {
    if (context.touched[field as FieldName<V>]) shown[field] = messages;
  }
  return shown;
}

/** The first message of a field, as the form shows it, or undefined. */
export function fieldError<V extends FormValues>(
  context: FieldsContext<V>,
  field: FieldName<V>,
): string | undefined {
  return visibleErrors(context)[field]?.[0];
}

export function fresh<V extends FormValues, T, O>(values: V, target: T | null = null): FormContext<V, T, O> {
  return {
    initial: values,
    values,
    touched: {},
    errors: {},
    submitted: false,
    target,
    error: null,
    output: undefined,
  };
}

export function formSetup<V extends FormValues, T, O>(options: FormOptions<V, T, O>) {
  const { schema, defaults } = options;
  return setup({
    types: {
      context: {} as FormContext<V, T, O>,
      events: {} as FormEvent<V, T>,
    },
    actors: {
      submit: fromPromise<O, SubmitInput<V, T>>(async () => {
        throw new Error(`${options.id}: the submit actor was not provided`);
      }),
    },
    actions: {
      change: assign(({ context, event }) => {
        if (event.type !== 'form.change') return {};
        const values = { ...context.values, [event.field]: event.value };
        return { values, errors: collectErrors(schema, values) };
      }),
      setValues: assign(({ context, event }) => {
        if (event.type !== 'form.set') return {};
        const values = { ...context.values, ...event.values };
        return { values, errors: collectErrors(schema, values) };
      }),
      touch: assign(({ context, event }) => {
        if (event.type !== 'form.blur') return {};
        return {
          touched: { ...context.touched, [event.field]: true },
          errors: collectErrors(schema, context.values),
        };
      }),
      markSubmitted: assign(({ context }) => ({
        submitted: true,
        errors: collectErrors(schema, context.values),
      })),
      reset: assign(({ context }) => fresh(context.initial, context.target)),
      clear: assign(({ context }) => fresh(defaults, context.target)),
      /** Empties the fields after a success, keeping what the submit answered. */
      clearFields: assign(({ context }) => ({ ...fresh(defaults, context.target), output: context.output })),
      open: assign(({ event }) => {
        if (event.type !== 'modal.open' && event.type !== 'profile.edit') return {};
        const target = event.type === 'modal.open' ? (event.target ?? null) : null;
        return fresh({ ...defaults, ...event.values }, target);
      }),
      setError: assign({ error: ({ event }) => (event as { error?: unknown }).error ?? null }),
      // The event is submit's done event (named actions are typed with every event of the form).
      setOutput: assign(({ event }) => ({ output: (event as { output?: O }).output })),
      commit: assign(({ context }) => ({ initial: context.values, submitted: false, touched: {} })),
      onSuccess: () => {},
      onFailure: () => {},
    },
    guards: {
      isValid: ({ context }) => Object.keys(collectErrors(schema, context.values)).length === 0,
      canSubmit: ({ context }) =>
        (!options.requireDirty || isDirty(context)) && (options.canSubmit?.(context.values) ?? true),
      isBlocked: ({ context }) =>
        !((!options.requireDirty || isDirty(context)) && (options.canSubmit?.(context.values) ?? true)),
    },
  });
}

/** Whether Save can be held back (Save disabled): only with `requireDirty` or `canSubmit`. */
export function isGated(options: { requireDirty?: boolean; canSubmit?: unknown }): boolean {
  return Boolean(options.requireDirty || options.canSubmit);
}

/**
 * The fields while being edited: checked after every change into invalid | valid, or `blocked` when
 * the form is gated. `validating` is the id-path of the state that form.submit goes to.
 */
export function fieldStates(validating: string, gated: boolean, requirements: FormRequirements = {}) {
  const submit = {
    'form.submit': { target: validating, actions: 'markSubmitted', ...traced(requirements.submit) },
  } as const;
  const fields = traced(requirements.fields);
  const checks = [
    { guard: 'isValid', target: 'valid', ...fields } as const,
    { target: 'invalid', ...fields } as const,
  ];
  const config = {
    initial: 'checking',
    on: {
      'form.change': { target: '.checking', actions: 'change', ...fields },
      'form.set': { target: '.checking', actions: 'setValues', ...fields },
      'form.blur': { actions: 'touch', ...fields },
    },
    states: {
      checking: {
        always: [
          { guard: 'isBlocked', target: 'blocked', ...traced(requirements.blocked) } as const,
          ...checks,
        ],
      },
      blocked: {},
      invalid: { on: submit },
      valid: { on: submit },
    },
  } as const;
  if (gated) return config;
  // Without requireDirty/canSubmit, isBlocked would be constant false: no `blocked` state is built.
  // (The type keeps `blocked` in the state value union, which such a form simply never reaches.)
  const { blocked: _blocked, ...states } = config.states;
  return { ...config, states: { ...states, checking: { always: checks } } } as unknown as typeof config;
}

/**
 * After a failed submit: any edit goes back to the fields; Save may be pressed again. `failed` is
 * entered only with values that passed `canSubmit`, and every event that changes them leaves it, so
 * Save needs no guard there. After a success (page forms) the fields may have been cleared: a gated
 * form checks `canSubmit` again.
 */
export function editHandlers(
  fields: string,
  validating: string,
  guardSubmit: boolean,
  requirements: FormRequirements = {},
) {
  const edits = traced(requirements.fields);
  return {
    'form.change': { target: `${fields}.checking`, actions: 'change', ...edits },
    'form.set': { target: `${fields}.checking`, actions: 'setValues', ...edits },
    'form.blur': { actions: 'touch', ...edits },
    // The type names the guard in both cases; without it, Save needs no check.
    'form.submit': (guardSubmit
      ? {
          guard: 'canSubmit',
          target: validating,
          actions: 'markSubmitted',
          ...traced([...(requirements.submit ?? []), ...(requirements.blocked ?? [])]),
        }
      : { target: validating, actions: 'markSubmitted', ...traced(requirements.submit) }) as {
      guard: 'canSubmit';
      target: string;
      actions: 'markSubmitted';
    },
  } as const;
}

export function submitInvoke<V extends FormValues, T, O>(
  onDoneTarget: string,
  onErrorTarget: string,
  requirements: FormRequirements = {},
) {
  return {
    id: 'submit',
    src: 'submit',
    input: ({ context }: { context: FormContext<V, T, O> }): SubmitInput<V, T> => ({
      values: context.values,
      // Submitting is reached only through the form's opening: a form with a target type is opened on
      // a record (OpenEvent requires it), one without has the null its type allows.
      target: context.target as T,
    }),
    onDone: { target: onDoneTarget, actions: 'setOutput', ...traced(requirements.success) },
    onError: { target: onErrorTarget, actions: 'setError', ...traced(requirements.failure) },
  } as const;
}

/** A form that is the page itself (signup, login, recover and reset password, change password). */
function pageFormMachine<V extends FormValues, T, O>(options: FormOptions<V, T, O>) {
  const gated = isGated(options);
  const requirements = options.requirements ?? {};
  const submit = traced(requirements.submit);
  return formSetup(options).createMachine({
    id: options.id,
    context: () => fresh<V, T, O>(options.defaults),
    initial: 'editing',
    states: {
      editing: fieldStates(`#${options.id}.validating`, gated, requirements),
      validating: {
        always: [
          { guard: 'isValid', target: 'submitting', ...submit },
          { target: 'editing', ...submit },
        ],
      },
      submitting: {
        invoke: submitInvoke<V, T, O>('succeeded', 'failed', requirements),
      },
      failed: {
        entry: 'onFailure',
        on: editHandlers(`#${options.id}.editing`, `#${options.id}.validating`, false, requirements),
      },
      succeeded: options.leavesOnSuccess
        ? { type: 'final', entry: ['onSuccess'] }
        : {
            entry: options.resetOnSuccess ? ['clearFields', 'onSuccess'] : ['onSuccess'],
            on: editHandlers(`#${options.id}.editing`, `#${options.id}.validating`, gated, requirements),
          },
    },
  });
}

/** A form that is the page itself, typed by its schema (and what its submit answers). */
export function createPageFormMachine<S extends FormSchema, T = null, O = unknown>(
  options: SchemaFormOptions<S, T, O>,
) {
  return pageFormMachine<ValuesOf<S>, T, O>(options);
}
