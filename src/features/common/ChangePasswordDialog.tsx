import type { RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { changeUserPasswordMachine } from '../../machines/signed-in-flows';
import { NewPasswordFields } from '../../ui/form';
import { FormDialog, useFieldRefusal } from './FormDialog';

/** The admin's 'Change Password' form: sets a new password for a user; titled 'Edit User'. */
export function ChangePasswordDialog({
  actor,
  returnFocusRef,
}: {
  actor: ActorRefFrom<typeof changeUserPasswordMachine>;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const refusal = useFieldRefusal(actor, 'password');
  return (
    <FormDialog actor={actor} title="Edit User" returnFocusRef={returnFocusRef}>
      {(form) => <NewPasswordFields form={form} name="password" refusal={refusal} />}
    </FormDialog>
  );
}
