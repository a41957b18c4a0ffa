import type { UserCreateBody, UserPublic, UserUpdate } from '../../api/types';
import type { AddUserValues, EditUserValues, SetPasswordValues } from '../../machines/signed-in-schemas';
import { noFieldLeft, orNull } from '../common/form-values';

/** Form values ↔ API bodies of the admin user forms. */

/** The POST body of the Add User form: the spec's five fields (the server leaves the e-mail unconfirmed). */
export function addUserPayload(values: AddUserValues): UserCreateBody {
  const {
    email,
    full_name,
    password,
    confirm_password: _confirmed,
    is_superuser,
    is_active,
    ...rest
  } = values;
  noFieldLeft(rest);
  return { email, full_name, password, is_superuser, is_active };
}

/** The Edit User form opened on a user: its fields, the password pair empty. */
export function editUserValues(user: UserPublic): EditUserValues {
  return {
    email: user.email,
    full_name: user.full_name ?? '',
    major: user.major ?? '',
    phone: user.phone ?? '',
    birth_date: user.birth_date ?? '',
    gender: user.gender ?? '',
    subscription_type: user.subscription_type,
    is_superuser: user.is_superuser,
    is_active: user.is_active,
    is_email_confirmed: user.is_email_confirmed,
    password: '',
    confirm_password: '',
  };
}

/** The PATCH body of the Edit User form; an empty password is dropped. */
export function editUserPayload(values: EditUserValues): UserUpdate {
  const {
    email,
    full_name,
    major,
    phone,
    birth_date,
    gender,
    subscription_type,
    is_superuser,
    is_active,
    is_email_confirmed,
    password,
    confirm_password: _confirmed,
    ...rest
  } = values;
  noFieldLeft(rest);
  const body: UserUpdate = {
    email,
    full_name,
    major: orNull(major),
    phone: orNull(phone),
    birth_date: orNull(birth_date),
    gender: orNull(gender),
    subscription_type,
    is_superuser,
    is_active,
    is_email_confirmed,
  };
  if (password !== '') body.password = password;
  return body;
}

/** The PATCH body of the admin's Change Password form: the new password alone. */
export function setPasswordPayload(values: SetPasswordValues): UserUpdate {
  const { password, confirm_password: _confirmed, ...rest } = values;
  noFieldLeft(rest);
  return { password };
}
