import type * as v from 'valibot';
import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { CALL_TIME_LIMITS, CallTimeoutError } from '../api/errors';
import {
  type FormRequirements,
  type FormSchema,
  type FormTypes,
  type FormValues,
  fieldEdits,
  formSetup,
  fresh,
  type SchemaFormOptions,
  type SubmitInput,
  sendingStates,
  type ValuesOf,
} from './form';
import { traceParts } from './requirements';

/** The form shapes of the signed-in screens, on the page forms' setup (./form.ts), one chart each. */

/** A form in a dialog (Add/Edit Item, Add/Edit User, Change Password): Save is held back while `isBlocked`. */
export function createModalFormMachine<S extends FormSchema, T = null, O = unknown>(
  options: SchemaFormOptions<S, T, O>,
) {
  type V = ValuesOf<S>;
  const { id } = options;
  const trace = traceParts(options.requirements);
  // Save, from invalid (shows the errors), valid (sends) or after a call.
  const submit = { target: `#${id}.open.validating`, actions: 'markSubmitted', meta: trace.submit } as const;
  const edits = fieldEdits(`#${id}.open.editing.checking`, trace.fields);
  const close = { target: `#${id}.closed`, actions: 'clear', meta: trace.close } as const;
  return formSetup<V, T, O>(options).createMachine({
    id,
    context: () => fresh<V, T, O>(options.defaults),
    initial: 'closed',
    states: {
      closed: { on: { 'modal.open': { target: 'open', actions: 'open', meta: trace.open } } },
      open: {
        initial: 'editing',
        states: {
          editing: {
            initial: 'checking',
            on: { ...edits, 'modal.close': close },
            states: {
              checking: {
                always: [
                  { guard: 'isBlocked', target: 'blocked', meta: trace.blocked },
                  { guard: 'isValid', target: 'valid', meta: trace.fields },
                  { target: 'invalid', meta: trace.fields },
                ],
              },
              blocked: {},
              invalid: { on: { 'form.submit': submit } },
              valid: { on: { 'form.submit': submit } },
            },
          },
          ...sendingStates<V, T>(trace, 'editing', `#${id}.succeeded`),
          failed: {
            entry: 'onFailure',
            on: { ...edits, 'form.submit': submit, 'modal.close': close },
          },
        },
      },
      succeeded: { entry: 'onSuccess', always: { target: 'closed', actions: 'clear', meta: trace.success } },
    },
  });
}

/** A form shown read-only until edited (the profile); Cancel resets it, except while the call runs. */
export function createToggleFormMachine<S extends FormSchema, T = null, O = unknown>(
  options: SchemaFormOptions<S, T, O>,
) {
  type V = ValuesOf<S>;
  const { id } = options;
  const trace = traceParts(options.requirements);
  const submit = {
    target: `#${id}.editing.validating`,
    actions: 'markSubmitted',
    meta: trace.submit,
  } as const;
  const edits = fieldEdits(`#${id}.editing.fields.checking`, trace.fields);
  const sending = sendingStates<V, T>(trace, 'fields', `#${id}.succeeded`);
  return formSetup<V, T, O>(options).createMachine({
    id,
    context: () => fresh<V, T, O>(options.defaults),
    initial: 'viewing',
    states: {
      viewing: { on: { 'profile.edit': { target: 'editing', actions: 'open', meta: trace.open } } },
      editing: {
        initial: 'fields',
        on: { 'profile.cancel': { target: 'viewing', actions: 'reset', meta: trace.close } },
        states: {
          fields: {
            initial: 'checking',
            on: edits,
            states: {
              checking: {
                always: [
                  { guard: 'isBlocked', target: 'blocked', meta: trace.blocked },
                  { guard: 'isValid', target: 'valid', meta: trace.fields },
                  { target: 'invalid', meta: trace.fields },
                ],
              },
              blocked: {},
              invalid: { on: { 'form.submit': submit } },
              valid: { on: { 'form.submit': submit } },
            },
          },
          validating: sending.validating,
          // Cancel waits for the call.
          submitting: { on: { 'profile.cancel': {} }, ...sending.submitting },
          failed: {
            entry: 'onFailure',
            on: { ...edits, 'form.submit': submit },
          },
        },
      },
      succeeded: { entry: ['commit', 'onSuccess'], always: { target: 'viewing', meta: trace.success } },
    },
  });
}

export interface ConfirmationContext<T> {
  /** The record the confirmation acts on (the item or user to delete), or null. */
  target: T | null;
  /** The last failure of `submit`. */
  error: unknown;
}

/** What a confirmation's submit gets: no values, the record. */
export type ConfirmationInput<T> = SubmitInput<Record<string, never>, T>;

export type ConfirmationEvent<T> =
  | { type: 'modal.open'; target?: T }
  | { type: 'modal.close' }
  | { type: 'form.submit' };

/** The spec requirements a confirmation's edges implement, by part (as a form's: ./form.ts). */
export type ConfirmationRequirements = Omit<FormRequirements, 'fields' | 'blocked'>;

/** A confirmation without fields (Delete Item, Delete User, account deletion); not closable while the call runs. */
export function createConfirmationMachine<T = null, O = unknown>(options: {
  id: string;
  types?: FormTypes<T, O>;
  requirements?: ConfirmationRequirements;
}) {
  const { id } = options;
  const trace = traceParts(options.requirements);
  return setup({
    types: {
      context: {} as ConfirmationContext<T>,
      events: {} as ConfirmationEvent<T>,
    },
    delays: { writeLimit: () => CALL_TIME_LIMITS.write },
    actors: {
      submit: fromPromise<O, ConfirmationInput<T>>(async () => {
        throw new Error(`${options.id}: the submit actor was not provided`);
      }),
    },
    actions: {
      open: assign(({ event }) => ({
        target: event.type === 'modal.open' ? (event.target ?? null) : null,
        error: null,
      })),
      clear: assign({ target: null, error: null }),
      setError: assign({ error: ({ event }) => (event as { error?: unknown }).error ?? null }),
      timeOut: assign({ error: () => new CallTimeoutError('The call was not answered in time') }),
      onSuccess: () => {},
      onFailure: () => {},
    },
  }).createMachine({
    id,
    context: { target: null, error: null } as ConfirmationContext<T>,
    initial: 'closed',
    states: {
      closed: { on: { 'modal.open': { target: 'open', actions: 'open', meta: trace.open } } },
      open: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'form.submit': { target: 'submitting', meta: trace.submit },
              'modal.close': { target: `#${id}.closed`, actions: 'clear', meta: trace.close },
            },
          },
          submitting: {
            invoke: {
              id: 'submit',
              src: 'submit',
              // As a modal form's (submitting follows the opening on the record).
              input: ({ context }): ConfirmationInput<T> => ({ values: {}, target: context.target as T }),
              onDone: { target: `#${id}.closed`, actions: ['onSuccess', 'clear'], meta: trace.success },
              onError: { target: 'failed', actions: 'setError', meta: trace.failure },
            },
            after: { writeLimit: { target: 'failed', actions: 'timeOut', meta: trace.failure } },
          },
          failed: {
            entry: 'onFailure',
            on: {
              'form.submit': { target: 'submitting', meta: trace.submit },
              'modal.close': { target: `#${id}.closed`, actions: 'clear', meta: trace.close },
            },
          },
        },
      },
    },
  });
}

export type ModalFormMachine<V extends FormValues = FormValues, T = null, O = unknown> = ReturnType<
  typeof createModalFormMachine<v.GenericSchema<V, V>, T, O>
>;
export type ConfirmationMachine<T = null, O = unknown> = ReturnType<typeof createConfirmationMachine<T, O>>;
export type ModalFormActor<V extends FormValues = FormValues, T = null, O = unknown> = ActorRefFrom<
  ModalFormMachine<V, T, O>
>;
export type ConfirmationActor<T = null, O = unknown> = ActorRefFrom<ConfirmationMachine<T, O>>;
