import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { updateUser } from '../../api/services';
import type { FormValues, SubmitInput } from '../../machines/form';
import type { ConfirmationActor, ModalFormActor, ModalFormMachine } from '../../machines/form-dialogs';
import { changeUserPasswordMachine } from '../../machines/signed-in-flows';
import { showError, showSuccess } from '../../ui/toaster';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';
import type { ConfirmationDescriptor } from './confirmation';

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
 * A confirmation's actor, wired as its descriptor says: the descriptor's call, its success toast and then
 * `after` (a list refreshed, the session ended); a failure as the descriptor's fixed toast (then `after`
 * too: a failed delete may mean the row is gone already) or an 'Error' toast with the API's `detail`.
 */
export function useConfirmation<T, O>(
  descriptor: ConfirmationDescriptor<T, O>,
  after: () => void,
): ConfirmationActor<T, O> {
  const { screen } = descriptor;
  return useActorRef(
    descriptor.machine.provide({
      actors: { submit: fromPromise(({ input }) => descriptor.submit(input)) },
      actions: {
        onSuccess: () => {
          showSuccess(...screen.success);
          after();
        },
        onFailure: ({ context }) => {
          if (screen.failure === 'detail') toastError(context.error);
          else {
            showError(...screen.failure);
            after();
          }
        },
      },
    }),
    { inspect },
  );
}
