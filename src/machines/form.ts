import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { CALL_TIME_LIMITS, CallTimeoutError } from '../api/errors';
import type { RequirementId } from '../qa/requirements/requirements';
import { type RequirementsMeta, traceParts } from './requirements';

/**
 * Form flows: one setup and one literal chart per shape (page forms here; dialogs, the toggle form and
 * confirmations in ./form-dialogs.ts, kept out of /login's bundle). The fields' state (`invalid`,
 * `valid`, `blocked`) tells what Save does without holding field text, so a traversal keyed on the state
 * value reaches every state; screens `.provide` `submit`, `onSuccess` and `onFailure`.
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
  /** The record a modal acts on (null for forms without one); submitting follows the opening. */
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
  /** Values, when given, are complete, so an opener that misses a new field does not compile. */
  | { type: 'modal.open'; values?: V; target?: T }
  | { type: 'modal.close' }
  | { type: 'profile.edit'; values?: V }
  | { type: 'profile.cancel' };

/** The record a form acts on and what its submit answers, as `setup({ types })` takes them. */
export interface FormTypes<T, O> {
  target?: T;
  output?: O;
}

/** What names one form: its id, its fields' rules and empty values, its types, its requirement ids. */
export interface FormOptions<V extends FormValues, T = null, O = unknown> {
  id: string;
  schema: FormSchema;
  /** Every field's value when the form starts empty. */
  defaults: V;
  types?: FormTypes<T, O>;
  requirements?: FormRequirements;
}

/** The requirement ids a form's edges implement, by part of the flow; the charts put them in the edges' meta. */
export type FormRequirements = Partial<
  Record<'open' | 'close' | 'fields' | 'blocked' | 'submit' | 'success' | 'failure', RequirementId[]>
>;

/** A form's options: the schema's values type the defaults and every event of the form. */
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

/** The implementations every form chart shares; the charts below and in ./form-dialogs.ts use them. */
export function formSetup<V extends FormValues, T, O>(options: FormOptions<V, T, O>) {
  const { schema, defaults } = options;
  return setup({
    types: {
      context: {} as FormContext<V, T, O>,
      events: {} as FormEvent<V, T>,
    },
    delays: { writeLimit: () => CALL_TIME_LIMITS.write },
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
      timeOut: assign({ error: () => new CallTimeoutError('The call was not answered in time') }),
      // The event is submit's done event (named actions are typed with every event of the form).
      setOutput: assign(({ event }) => ({ output: (event as { output?: O }).output })),
      commit: assign(({ context }) => ({ initial: context.values, submitted: false, touched: {} })),
      onSuccess: () => {},
      onFailure: () => {},
    },
    guards: {
      isValid: ({ context }) => Object.keys(collectErrors(schema, context.values)).length === 0,
      /** Save held back (dialogs and the profile): nothing changed yet. An instance may provide its own. */
      isBlocked: ({ context }) => !isDirty(context),
    },
  });
}

/** The edits of a chart's fields: a change goes (back) to `checking`. */
export function fieldEdits(checking: string, meta: RequirementsMeta | undefined) {
  return {
    'form.change': { target: checking, actions: 'change', meta },
    'form.set': { target: checking, actions: 'setValues', meta },
    'form.blur': { actions: 'touch', meta },
  } as const;
}

/** Save's check and call, alike in every form chart: valid values are sent, others go back to `fields`. */
export function sendingStates<V extends FormValues, T>(
  trace: Partial<Record<'submit' | 'success' | 'failure', RequirementsMeta>>,
  fields: string,
  succeeded: string,
) {
  return {
    validating: {
      always: [
        { guard: 'isValid', target: 'submitting', meta: trace.submit },
        { target: fields, meta: trace.submit },
      ],
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }: { context: FormContext<V, T> }) => ({
          values: context.values,
          target: context.target as T,
        }),
        onDone: { target: succeeded, actions: 'setOutput', meta: trace.success },
        onError: { target: 'failed', actions: 'setError', meta: trace.failure },
      },
      // The call's time limit (CALL_TIME_LIMITS): unanswered, it fails with a CallTimeoutError.
      after: { writeLimit: { target: 'failed', actions: 'timeOut', meta: trace.failure } },
    },
  } as const;
}

/** A page form that stays on success (recover password, change password): the fields are cleared for another send. */
export function createPageFormMachine<S extends FormSchema, T = null, O = unknown>(
  options: SchemaFormOptions<S, T, O>,
) {
  type V = ValuesOf<S>;
  const { id } = options;
  const trace = traceParts(options.requirements);
  // Save, from invalid (shows the errors), valid (sends) or after a call.
  const submit = { target: `#${id}.validating`, actions: 'markSubmitted', meta: trace.submit } as const;
  const edits = fieldEdits(`#${id}.editing.checking`, trace.fields);
  return formSetup<V, T, O>(options).createMachine({
    id,
    context: () => fresh<V, T, O>(options.defaults),
    initial: 'editing',
    states: {
      editing: {
        initial: 'checking',
        on: edits,
        states: {
          checking: {
            always: [
              { guard: 'isValid', target: 'valid', meta: trace.fields },
              { target: 'invalid', meta: trace.fields },
            ],
          },
          invalid: { on: { 'form.submit': submit } },
          valid: { on: { 'form.submit': submit } },
        },
      },
      ...sendingStates<V, T>(trace, 'editing', 'succeeded'),
      failed: {
        entry: 'onFailure',
        on: { ...edits, 'form.submit': submit },
      },
      succeeded: {
        entry: ['clearFields', 'onSuccess'],
        on: { ...edits, 'form.submit': submit },
      },
    },
  });
}

/** A page form that leaves on success (signup, login, reset password): `succeeded` is final. */
export function createLeavingPageFormMachine<S extends FormSchema, T = null, O = unknown>(
  options: SchemaFormOptions<S, T, O>,
) {
  type V = ValuesOf<S>;
  const { id } = options;
  const trace = traceParts(options.requirements);
  // Save, from invalid (shows the errors), valid (sends) or after a call.
  const submit = { target: `#${id}.validating`, actions: 'markSubmitted', meta: trace.submit } as const;
  const edits = fieldEdits(`#${id}.editing.checking`, trace.fields);
  return formSetup<V, T, O>(options).createMachine({
    id,
    context: () => fresh<V, T, O>(options.defaults),
    initial: 'editing',
    states: {
      editing: {
        initial: 'checking',
        on: edits,
        states: {
          checking: {
            always: [
              { guard: 'isValid', target: 'valid', meta: trace.fields },
              { target: 'invalid', meta: trace.fields },
            ],
          },
          invalid: { on: { 'form.submit': submit } },
          valid: { on: { 'form.submit': submit } },
        },
      },
      ...sendingStates<V, T>(trace, 'editing', 'succeeded'),
      failed: {
        entry: 'onFailure',
        on: { ...edits, 'form.submit': submit },
      },
      succeeded: { type: 'final', entry: 'onSuccess' },
    },
  });
}
