import type { LoginBody, NewPassword, UserRegister } from '../../api/types';
import type { LoginValues, ResetPasswordValues, SignupValues } from '../../machines/schemas';
import { noFieldLeft } from '../common/form-values';

/** Form values → API bodies of the public account forms (each builder takes every field: noFieldLeft). */

/** The POST /login/access-token body: the spec's `username` and `password`, no OAuth2 extras. */
export function loginPayload(values: LoginValues): LoginBody {
  const { username, password, ...rest } = values;
  noFieldLeft(rest);
  return { username, password };
}

/** The POST /users/signup body; the confirmation only had to match. */
export function signupPayload(values: SignupValues): UserRegister {
  const { full_name, email, password, confirm_password: _confirmed, ...rest } = values;
  noFieldLeft(rest);
  return { full_name, email, password };
}

/** The POST /reset-password/ body: the new password and the token from the e-mail's link. */
export function resetPasswordPayload(values: ResetPasswordValues, token: string): NewPassword {
  const { new_password, confirm_password: _confirmed, ...rest } = values;
  noFieldLeft(rest);
  return { new_password, token };
}
