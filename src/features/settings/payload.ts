import type { UpdatePassword, UserPublic, UserUpdateMe } from '../../api/types';
import { openedOn, payloadOf } from '../../machines/declared';
import {
  type ChangePasswordValues,
  PROFILE_FORM,
  type ProfileValues,
} from '../../machines/signed-in-schemas';
import { noFieldLeft } from '../common/form-values';

/** Form values → API bodies of the settings forms (the profile's derived from the fields' declaration). */

/** The profile form opened on the signed-in user (before it has loaded: empty). */
export const profileValues = (user: UserPublic | undefined): ProfileValues =>
  openedOn(PROFILE_FORM, user ?? {});

/** The PATCH /users/me body of the profile form (an empty full name is null). */
export const profilePayload = (values: ProfileValues): UserUpdateMe => payloadOf(PROFILE_FORM, values);

/** The PATCH /users/me/password body; the confirmation only had to match. */
export function changePasswordPayload(values: ChangePasswordValues): UpdatePassword {
  const { current_password, new_password, confirm_password: _confirmed, ...rest } = values;
  noFieldLeft(rest);
  return { current_password, new_password };
}
