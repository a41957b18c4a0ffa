import type { RefObject } from 'react';
import type { UserPublic } from '../../api/types';
import type { ModalFormActor } from '../../machines/form-dialogs';
import {
  ADD_USER_FORM,
  type AddUserValues,
  EDIT_USER_FORM,
  type EditUserValues,
} from '../../machines/signed-in-schemas';
import { PLANS } from '../../machines/subscription';
import { DeclaredFields } from '../common/DeclaredFields';
import { FormDialog, useFieldRefusal } from '../common/FormDialog';
import type { addUserDialog, editUserDialog } from './form-dialogs';

/** Add User and Edit User: one layout, their fields from the declaration (openapi/fields.ts). */

export function AddUserDialog({
  actor,
  descriptor: { screen },
}: {
  actor: ModalFormActor<AddUserValues, null, UserPublic>;
  descriptor: typeof addUserDialog;
}) {
  const refusal = useFieldRefusal(actor, 'password');
  return (
    <FormDialog actor={actor} title={screen.title} wide>
      {(form) => <DeclaredFields form={form} fields={ADD_USER_FORM} refusals={{ password: refusal }} />}
    </FormDialog>
  );
}

/** The admin's Edit User form, with the profile fields. An empty new password is not sent. */
export function EditUserDialog({
  actor,
  descriptor: { screen },
  returnFocusRef,
}: {
  actor: ModalFormActor<EditUserValues, UserPublic, UserPublic>;
  descriptor: typeof editUserDialog;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const refusal = useFieldRefusal(actor, 'password');
  return (
    <FormDialog actor={actor} title={screen.title} returnFocusRef={returnFocusRef} wide>
      {(form) => (
        <DeclaredFields
          form={form}
          fields={EDIT_USER_FORM}
          optional={['password', 'confirm_password']}
          refusals={{ password: refusal }}
          choices={{ subscription_type: PLANS }}
        />
      )}
    </FormDialog>
  );
}
