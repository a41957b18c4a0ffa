import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { SubmitInput } from '../../machines/form';
import type {
  ConfirmationActor,
  ConfirmationMachine,
  ModalFormActor,
  ModalFormMachine,
} from '../../machines/form-dialogs';
import { showError, showSuccess } from '../../ui/toaster';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';

/**
 * A list screen's form dialog (Add, Edit, Change Password): on success a 'Success!' toast and the list
 * refreshed; an API failure as an 'Error' toast whose text is the API's `detail` message.
 */
export function useFormDialog(
  machine: ModalFormMachine,
  submit: (input: SubmitInput) => Promise<unknown>,
  successMessage: string,
  refresh: () => void,
): ModalFormActor {
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
 * A list screen's Delete confirmation: the spec's own success and failure toasts (not the API's
 * message), and the list refreshed either way, since a failed delete may mean the row is gone already.
 */
export function useDeleteDialog(
  machine: ConfirmationMachine,
  submit: (input: SubmitInput) => Promise<unknown>,
  messages: { success: string; failure: string },
  refresh: () => void,
): ConfirmationActor {
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
