import type { UpdatePassword, UserPublic, UserUpdateMe } from '../../api/types';
import type { ChangePasswordValues, ProfileValues } from '../../machines/signed-in-schemas';
import { noFieldLeft } from '../common/form-values';

/** Form values → API bodies of the settings forms (each builder takes every field: noFieldLeft). */

/** The profile form opened on the signed-in user (before it has loaded: empty). */
export function profileValues(user: UserPublic | undefined): ProfileValues {
  return { full_name: user?.full_name ?? '', email: user?.email ?? '' };
}

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
