import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { updateUser } from '../../api/services';
import type { FormValues, SubmitInput } from '../../machines/form';
import type {
  ConfirmationActor,
  ConfirmationInput,
  ConfirmationMachine,
  ModalFormActor,
  ModalFormMachine,
} from '../../machines/form-dialogs';
import { changeUserPasswordMachine } from '../../machines/signed-in-flows';
import { showError, showSuccess } from '../../ui/toaster';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';

/**
 * A list screen's form dialog (Add, Edit, Change Password): on success a 'Success!' toast and the list
 * refreshed; an API failure as an 'Error' toast whose text is the API's `detail` message.
 */
export function useFormDialog<V extends FormValues, T, O>(
  machine: ModalFormMachine<V, T, O>,
  submit: (input: SubmitInput<V, T>) => Promise<O>,
  successMessage: string,
  refresh: () => void,
): ModalFormActor<V, T, O> {
  return useActorRef(
    machine.provide({
      actors: { submit: fromPromise(({ input }) => submit(input)) },
      actions: {
        onSuccess: () => {
          showSuccess('Success!', successMessage);
          refresh();
        },
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );
}

/**
 * A row's 'Change Password': the admin's user password form, acting on the row's id (on /items the
 * item's: the spec's 'Change Password Item' quirk).
 */
export function useChangePasswordDialog(refresh: () => void) {
  return useFormDialog(
    changeUserPasswordMachine,
    ({ values, target }) => updateUser(target.id, { password: values.password }),
    'Password updated successfully.',
    refresh,
  );
}

/**
 * A list screen's Delete confirmation: the spec's own success and failure toasts (not the API's
 * message), and the list refreshed either way, since a failed delete may mean the row is gone already.
 */
export function useDeleteDialog<T, O>(
  machine: ConfirmationMachine<T, O>,
  submit: (input: ConfirmationInput<T>) => Promise<O>,
  messages: { success: string; failure: string },
  refresh: () => void,
): ConfirmationActor<T, O> {
  return useActorRef(
    machine.provide({
      actors: { submit: fromPromise(({ input }) => submit(input)) },
      actions: {
        onSuccess: () => {
          showSuccess('Success', messages.success);
          refresh();
        },
        onFailure: () => {
          showError('An error occurred.', messages.failure);
          refresh();
        },
      },
    }),
    { inspect },
  );
}

/**
 * A row's confirmation that acts on the record (End sessions, Unlock sign-in): a 'Success' toast with
 * `successMessage` and the list refreshed; a failure as an 'Error' toast with the API's `detail`.
 */
export function useConfirmDialog<T, O>(
  machine: ConfirmationMachine<T, O>,
  submit: (input: ConfirmationInput<T>) => Promise<O>,
  successMessage: string,
  refresh: () => void,
): ConfirmationActor<T, O> {
  return useActorRef(
    machine.provide({
      actors: { submit: fromPromise(({ input }) => submit(input)) },
      actions: {
        onSuccess: () => {
          showSuccess('Success', successMessage);
          refresh();
        },
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );
}
