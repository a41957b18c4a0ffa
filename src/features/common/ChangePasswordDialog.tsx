import type { RefObject } from 'react';
import type { ModalFormActor } from '../../machines/form';
import { PasswordField } from '../../ui/form';
import { FormDialog } from './FormDialog';

/** The admin's 'Change Password' form: sets a new password for a user; titled 'Edit User'. */
export function ChangePasswordDialog({
  actor,
  returnFocusRef,
}: {
  actor: ModalFormActor;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <FormDialog actor={actor} title="Edit User" returnFocusRef={returnFocusRef}>
      {(form) => (
        <>
          <PasswordField
            form={form}
            name="password"
            label="Set Password"
            placeholder="Password"
            autoComplete="new-password"
            required
          />
          <PasswordField
            form={form}
            name="confirm_password"
            label="Confirm Password"
            placeholder="Password"
            autoComplete="new-password"
            required
          />
        </>
      )}
    </FormDialog>
  );
}
