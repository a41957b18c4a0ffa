import type { UpdatePassword, UserUpdateMe } from '../../api/types';
import type { ChangePasswordValues, ProfileValues } from '../../machines/signed-in-schemas';
import { noFieldLeft } from '../common/form-values';

/** Form values → API bodies of the settings forms (each builder takes every field: noFieldLeft). */

/** The PATCH /users/me body of the profile form. */
export function profilePayload(values: ProfileValues): UserUpdateMe {
  const { full_name, email, ...rest } = values;
  noFieldLeft(rest);
  return { full_name, email };
}

/** The PATCH /users/me/password body; the confirmation only had to match. */
export function changePasswordPayload(values: ChangePasswordValues): UpdatePassword {
  const { current_password, new_password, confirm_password: _confirmed, ...rest } = values;
  noFieldLeft(rest);
  return { current_password, new_password };
}
