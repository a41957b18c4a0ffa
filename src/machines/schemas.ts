import * as v from 'valibot';
import { PASSWORD_MIN } from '../../openapi/limits';
import { EMAIL_PATTERN, MSG } from './login-schema';

/**
 * One valibot schema per form: the product's field rules and its error messages, letter for letter.
 * The public pages' schemas and the shared rules are here; the signed-in forms' in ./signed-in-schemas.ts,
 * /login's with the messages and the e-mail pattern in ./login-schema.ts.
 */

export { EMAIL_PATTERN, type LoginValues, loginSchema, MSG } from './login-schema';

export const email = v.pipe(
  v.string(),
  v.nonEmpty(MSG.emailRequired),
  v.regex(EMAIL_PATTERN, MSG.emailInvalid),
);
export const newPassword = v.pipe(
  v.string(),
  v.nonEmpty(MSG.passwordRequired),
  v.minLength(PASSWORD_MIN, MSG.passwordMin),
);

/** A required confirmation field, with the form's message for it left empty. */
export const confirmation = (required: string) => v.pipe(v.string(), v.nonEmpty(required));

/** 'The passwords do not match', reported on the confirmation field. */
function matching<T extends Record<string, unknown>>(
  password: keyof T & string,
  confirm: keyof T & string,
): v.BaseValidation<T, T, v.CheckIssue<T>> {
  const check = v.check<T, string>((input) => input[password] === input[confirm], MSG.mismatch);
  return v.forward(check, [confirm] as never);
}

/** A form that sets a password: its fields, and `confirm_password` checked against the password. */
export function withConfirmation<
  TEntries extends v.ObjectEntries & { confirm_password: v.GenericSchema<string> },
>(entries: TEntries, password: keyof TEntries & string) {
  const fields = v.object(entries);
  return v.pipe(fields, matching<v.InferOutput<typeof fields>>(password, 'confirm_password'));
}

export const signupSchema = withConfirmation(
  {
    full_name: v.pipe(v.string(), v.nonEmpty(MSG.fullNameRequired), v.minLength(3, MSG.fullNameMin)),
    email,
    password: newPassword,
    confirm_password: confirmation(MSG.confirmRequired),
  },
  'password',
);

export const recoverPasswordSchema = v.object({ email });

export const resetPasswordSchema = withConfirmation(
  { new_password: newPassword, confirm_password: confirmation(MSG.confirmRequired) },
  'new_password',
);

export type SignupValues = v.InferInput<typeof signupSchema>;
export type ResetPasswordValues = v.InferInput<typeof resetPasswordSchema>;
export type RecoverPasswordValues = v.InferInput<typeof recoverPasswordSchema>;
