import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import {
  editHandlers,
  type FormOptions,
  fieldStates,
  formSetup,
  fresh,
  isGated,
  type PageFormMachine,
  type SubmitInput,
  submitInvoke,
} from './form';

/** The form shapes of the signed-in screens, built on the page forms' setup in ./form.ts. */

/** A form in a dialog (Add/Edit Item, Add/Edit User, Change Password). */
export function createModalFormMachine(options: FormOptions) {
  const gated = isGated(options);
  const fields = fieldStates(`#${options.id}.open.validating`, gated);
  return formSetup(options).createMachine({
    id: options.id,
    context: () => fresh(options.defaults),
    initial: 'closed',
    states: {
      closed: {
        on: { 'modal.open': { target: 'open', actions: 'open' } },
      },
      open: {
        initial: 'editing',
        states: {
          editing: {
            ...fields,
            on: {
              ...fields.on,
              'modal.close': { target: `#${options.id}.closed`, actions: 'clear' },
            },
          },
          validating: {
            always: [{ guard: 'isValid', target: 'submitting' }, { target: 'editing' }],
          },
          submitting: {
            invoke: submitInvoke(`#${options.id}.succeeded`, 'failed'),
          },
          failed: {
            entry: 'onFailure',
            on: {
              ...editHandlers(`#${options.id}.open.editing`, `#${options.id}.open.validating`, false),
              'modal.close': { target: `#${options.id}.closed`, actions: 'clear' },
            },
          },
        },
      },
      succeeded: {
        entry: 'onSuccess',
        always: { target: 'closed', actions: 'clear' },
      },
    },
  });
}

/** A form shown read-only until edited (the profile). Cancel resets it and returns to viewing. */
export function createToggleFormMachine(options: FormOptions) {
  const gated = isGated(options);
  return formSetup(options).createMachine({
    id: options.id,
    context: () => fresh(options.defaults),
    initial: 'viewing',
    states: {
      viewing: {
        on: { 'profile.edit': { target: 'editing', actions: 'open' } },
      },
      editing: {
        initial: 'fields',
        on: {
          'profile.cancel': { target: 'viewing', actions: 'reset' },
        },
        states: {
          fields: fieldStates(`#${options.id}.editing.validating`, gated),
          validating: {
            always: [{ guard: 'isValid', target: 'submitting' }, { target: 'fields' }],
          },
          submitting: {
            on: { 'profile.cancel': {} },
            invoke: submitInvoke(`#${options.id}.succeeded`, 'failed'),
          },
          failed: {
            entry: 'onFailure',
            on: editHandlers(`#${options.id}.editing.fields`, `#${options.id}.editing.validating`, false),
          },
        },
      },
      succeeded: {
        entry: ['commit', 'onSuccess'],
        always: { target: 'viewing' },
      },
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// Confirmations

export interface ConfirmationContext {
  /** The record the confirmation acts on (the item or user to delete), or null. */
  target: unknown;
  /** The last failure of `submit`. */
  error: unknown;
}

export type ConfirmationEvent =
  | { type: 'modal.open'; target?: unknown }
  | { type: 'modal.close' }
  | { type: 'form.submit' };

/**
 * A confirmation without fields (Delete Item, Delete User, account deletion): opened on a record,
 * confirmed (submit), failed (confirm again or close), closed after success. Cannot be closed while
 * the call runs.
 */
export function createConfirmationMachine(options: { id: string }) {
  const closed = `#${options.id}.closed`;
  return setup({
    types: {
      context: {} as ConfirmationContext,
      events: {} as ConfirmationEvent,
    },
    actors: {
      submit: fromPromise<unknown, SubmitInput>(async () => {
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
    context: { target: null, error: null },
    initial: 'closed',
    states: {
      closed: {
        on: { 'modal.open': { target: 'open', actions: 'open' } },
      },
      open: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'form.submit': { target: 'submitting' },
              'modal.close': { target: closed, actions: 'clear' },
            },
          },
          submitting: {
            invoke: {
              id: 'submit',
              src: 'submit',
              input: ({ context }): SubmitInput => ({ values: {}, target: context.target }),
              onDone: { target: closed, actions: ['onSuccess', 'clear'] },
              onError: { target: 'failed', actions: 'setError' },
            },
          },
          failed: {
            entry: 'onFailure',
            on: {
              'form.submit': { target: 'submitting' },
              'modal.close': { target: closed, actions: 'clear' },
            },
          },
        },
      },
    },
  });
}

export type ModalFormMachine = ReturnType<typeof createModalFormMachine>;
export type ToggleFormMachine = ReturnType<typeof createToggleFormMachine>;
export type ConfirmationMachine = ReturnType<typeof createConfirmationMachine>;
export type ModalFormActor = ActorRefFrom<ModalFormMachine>;
export type ModalFormSnapshot = SnapshotFrom<ModalFormMachine>;
export type ConfirmationActor = ActorRefFrom<ConfirmationMachine>;
export type AnyFormSnapshot =
  | SnapshotFrom<PageFormMachine>
  | SnapshotFrom<ModalFormMachine>
  | SnapshotFrom<ToggleFormMachine>;
