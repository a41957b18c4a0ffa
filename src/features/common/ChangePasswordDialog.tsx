import type { RefObject } from 'react';
import type { ModalFormActor } from '../../machines/form-dialogs';
import type { SetPasswordValues } from '../../machines/signed-in-schemas';
import { FormDialog, useFieldRefusal } from './FormDialog';
import type { FormDialogDescriptor } from './form-dialog';
import { passwordPairFields } from './password-pair';

/**
 * The admin's 'Change Password' form (src/features/admin/form-dialogs.ts: titled 'Edit User'): a new
 * password for a user, or on /items for the row's id (the 'Change Password Item' quirk).
 */
export function ChangePasswordDialog<T, O>({
  actor,
  descriptor: { screen },
  returnFocusRef,
}: {
  actor: ModalFormActor<SetPasswordValues, T, O>;
  descriptor: FormDialogDescriptor<SetPasswordValues, T, O>;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const refusal = useFieldRefusal(actor, 'password');
  return (
    <FormDialog actor={actor} title={screen.title} returnFocusRef={returnFocusRef}>
      {(form) => {
        const field = passwordPairFields(form, screen.labels, { refusal });
        return (
          <>
            {field.password}
            {field.confirm_password}
          </>
        );
      }}
    </FormDialog>
  );
}
