import type { UserCreateBody, UserPublic, UserUpdate } from '../../api/types';
import { openedOn, payloadOf } from '../../machines/declared';
import {
  ADD_USER_FORM,
  type AddUserValues,
  EDIT_USER_FORM,
  type EditUserValues,
  type SetPasswordValues,
} from '../../machines/signed-in-schemas';
import { noFieldLeft } from '../common/form-values';

/** Form values ↔ API bodies of the admin user forms, derived from the fields' declaration. */

/** The POST body of the Add User form (the server leaves the e-mail unconfirmed). */
export const addUserPayload = (values: AddUserValues): UserCreateBody => payloadOf(ADD_USER_FORM, values);

/** The Edit User form opened on a user: its fields, the password pair empty. */
export const editUserValues = (user: UserPublic): EditUserValues => openedOn(EDIT_USER_FORM, user);

/** The PATCH body of the Edit User form; an empty password is left out, empty profile fields null. */
export const editUserPayload = (values: EditUserValues): UserUpdate => payloadOf(EDIT_USER_FORM, values);

/** The PATCH body of the admin's Change Password form: the new password alone. */
export function setPasswordPayload(values: SetPasswordValues): UserUpdate {
  const { password, confirm_password: _confirmed, ...rest } = values;
  noFieldLeft(rest);
  return { password };
}
