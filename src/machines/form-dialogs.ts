import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import {
  editHandlers,
  type FormOptions,
  type FormRequirements,
  type FormSchema,
  type FormTypes,
  type FormValues,
  fieldStates,
  formSetup,
  fresh,
  isGated,
  type SchemaFormOptions,
  type SubmitInput,
  submitInvoke,
  type ValuesOf,
} from './form';
import { traced } from './requirements';

/** The form shapes of the signed-in screens, built on the page forms' setup in ./form.ts. */

/** A form in a dialog (Add/Edit Item, Add/Edit User, Change Password). */
function modalFormMachine<V extends FormValues, T, O>(options: FormOptions<V, T, O>) {
  const gated = isGated(options);
  const requirements: FormRequirements = options.requirements ?? {};
  const fields = fieldStates(`#${options.id}.open.validating`, gated, requirements);
  const close = { target: `#${options.id}.closed`, actions: 'clear', ...traced(requirements.close) } as const;
  const submit = traced(requirements.submit);
  return formSetup(options).createMachine({
    id: options.id,
    context: () => fresh<V, T, O>(options.defaults),
    initial: 'closed',
    states: {
      closed: {
        on: { 'modal.open': { target: 'open', actions: 'open', ...traced(requirements.open) } },
      },
      open: {
        initial: 'editing',
        states: {
          editing: {
            ...fields,
            on: { ...fields.on, 'modal.close': close },
          },
          validating: {
            always: [
              { guard: 'isValid', target: 'submitting', ...submit },
              { target: 'editing', ...submit },
            ],
          },
          submitting: {
            invoke: submitInvoke<V, T, O>(`#${options.id}.succeeded`, 'failed', requirements),
          },
          failed: {
            entry: 'onFailure',
            on: {
              ...editHandlers(
                `#${options.id}.open.editing`,
                `#${options.id}.open.validating`,
                false,
                requirements,
              ),
              'modal.close': close,
            },
          },
        },
      },
      succeeded: {
        entry: 'onSuccess',
        always: { target: 'closed', actions: 'clear', ...traced(requirements.success) },
      },
    },
  });
}

/** A form shown read-only until edited (the profile). Cancel resets it and returns to viewing. */
function toggleFormMachine<V extends FormValues, T, O>(options: FormOptions<V, T, O>) {
  const gated = isGated(options);
  const requirements: FormRequirements = options.requirements ?? {};
  const submit = traced(requirements.submit);
  return formSetup(options).createMachine({
    id: options.id,
    context: () => fresh<V, T, O>(options.defaults),
    initial: 'viewing',
    states: {
      viewing: {
        on: { 'profile.edit': { target: 'editing', actions: 'open', ...traced(requirements.open) } },
      },
      editing: {
        initial: 'fields',
        on: {
          'profile.cancel': { target: 'viewing', actions: 'reset', ...traced(requirements.close) },
        },
        states: {
          fields: fieldStates(`#${options.id}.editing.validating`, gated, requirements),
          validating: {
            always: [
              { guard: 'isValid', target: 'submitting', ...submit },
              { target: 'fields', ...submit },
            ],
          },
          submitting: {
            on: { 'profile.cancel': {} },
            invoke: submitInvoke<V, T, O>(`#${options.id}.succeeded`, 'failed', requirements),
          },
          failed: {
            entry: 'onFailure',
            on: editHandlers(
              `#${options.id}.editing.fields`,
              `#${options.id}.editing.validating`,
              false,
              requirements,
            ),
          },
        },
      },
      succeeded: {
        entry: ['commit', 'onSuccess'],
        always: { target: 'viewing', ...traced(requirements.success) },
      },
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// Confirmations

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
export type ConfirmationRequirements = Pick<
  FormRequirements,
  'open' | 'close' | 'submit' | 'success' | 'failure'
>;

/**
 * A confirmation without fields (Delete Item, Delete User, account deletion): opened on a record,
 * confirmed (submit), failed (confirm again or close), closed after success. Cannot be closed while
 * the call runs.
 */
export function createConfirmationMachine<T = null, O = unknown>(options: {
  id: string;
  types?: FormTypes<T, O>;
  requirements?: ConfirmationRequirements;
}) {
  const closed = `#${options.id}.closed`;
  const requirements = options.requirements ?? {};
  const close = { target: closed, actions: 'clear', ...traced(requirements.close) } as const;
  const confirm = { target: 'submitting', ...traced(requirements.submit) } as const;
  return setup({
    types: {
      context: {} as ConfirmationContext<T>,
      events: {} as ConfirmationEvent<T>,
    },
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
      onSuccess: () => {},
      onFailure: () => {},
    },
  }).createMachine({
    id: options.id,
    context: { target: null, error: null } as ConfirmationContext<T>,
    initial: 'closed',
    states: {
      closed: {
        on: { 'modal.open': { target: 'open', actions: 'open', ...traced(requirements.open) } },
      },
      open: {
        initial: 'idle',
        states: {
          idle: {
            on: { 'form.submit': confirm, 'modal.close': close },
          },
          submitting: {
            invoke: {
              id: 'submit',
              src: 'submit',
              // As a modal form's (submitting follows the opening on the record).
              input: ({ context }): ConfirmationInput<T> => ({ values: {}, target: context.target as T }),
              onDone: { target: closed, actions: ['onSuccess', 'clear'], ...traced(requirements.success) },
              onError: { target: 'failed', actions: 'setError', ...traced(requirements.failure) },
            },
          },
          failed: {
            entry: 'onFailure',
            on: { 'form.submit': confirm, 'modal.close': close },
          },
        },
      },
    },
  });
}

/** A form in a dialog, typed by its schema (and its target and output types). */
export function createModalFormMachine<S extends FormSchema, T = null, O = unknown>(
  options: SchemaFormOptions<S, T, O>,
) {
  return modalFormMachine<ValuesOf<S>, T, O>(options);
}

/** A form shown read-only until edited, typed by its schema (and its output type). */
export function createToggleFormMachine<S extends FormSchema, T = null, O = unknown>(
  options: SchemaFormOptions<S, T, O>,
) {
  return toggleFormMachine<ValuesOf<S>, T, O>(options);
}

export type ModalFormMachine<V extends FormValues = FormValues, T = null, O = unknown> = ReturnType<
  typeof modalFormMachine<V, T, O>
>;
export type ToggleFormMachine<V extends FormValues = FormValues, T = null, O = unknown> = ReturnType<
  typeof toggleFormMachine<V, T, O>
>;
export type ConfirmationMachine<T = null, O = unknown> = ReturnType<typeof createConfirmationMachine<T, O>>;
export type ModalFormActor<V extends FormValues = FormValues, T = null, O = unknown> = ActorRefFrom<
  ModalFormMachine<V, T, O>
>;
export type ConfirmationActor<T = null, O = unknown> = ActorRefFrom<ConfirmationMachine<T, O>>;
