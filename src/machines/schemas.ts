import * as v from 'valibot';

/**
 * One valibot schema per form: the product's field rules and its error messages, letter for letter.
 * The public pages' schemas and the shared rules are here; the signed-in forms' in ./signed-in-schemas.ts.
 */

export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;
export const MIN_PASSWORD = 8;

export const MSG = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  usernameRequired: 'Username is required',
  fullNameRequired: 'Full Name is required',
  fullNameMin: 'Full Name must be at least 3 characters',
  fullNameMax: 'Full Name must be at most 30 characters',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  confirmRequired: 'Password confirmation is required',
  confirmRequiredAdmin: 'Please confirm your password',
  mismatch: 'The passwords do not match',
} as const;

export const email = v.pipe(
  v.string(),
  v.nonEmpty(MSG.emailRequired),
  v.regex(EMAIL_PATTERN, MSG.emailInvalid),
);
export const newPassword = v.pipe(
  v.string(),
  v.nonEmpty(MSG.passwordRequired),
  v.minLength(MIN_PASSWORD, MSG.passwordMin),
);

/** 'The passwords do not match', reported on the confirmation field. */
export function matching<T extends Record<string, unknown>>(
  password: keyof T & string,
  confirm: keyof T & string,
): v.BaseValidation<T, T, v.CheckIssue<T>> {
  const check = v.check<T, string>((input) => input[password] === input[confirm], MSG.mismatch);
  return v.forward(check, [confirm] as never);
}

export const loginSchema = v.object({
  username: v.pipe(v.string(), v.nonEmpty(MSG.usernameRequired), v.regex(EMAIL_PATTERN, MSG.emailInvalid)),
  password: v.pipe(v.string(), v.nonEmpty(MSG.passwordRequired)),
});

const signupSchemaFields = v.object({
  full_name: v.pipe(v.string(), v.nonEmpty(MSG.fullNameRequired), v.minLength(3, MSG.fullNameMin)),
  email,
  password: newPassword,
  confirm_password: v.pipe(v.string(), v.nonEmpty(MSG.confirmRequired)),
});
export const signupSchema = v.pipe(
  signupSchemaFields,
  matching<v.InferOutput<typeof signupSchemaFields>>('password', 'confirm_password'),
);

export const recoverPasswordSchema = v.object({ email });

const resetPasswordSchemaFields = v.object({
  new_password: newPassword,
  confirm_password: v.pipe(v.string(), v.nonEmpty(MSG.confirmRequired)),
});
export const resetPasswordSchema = v.pipe(
  resetPasswordSchemaFields,
  matching<v.InferOutput<typeof resetPasswordSchemaFields>>('new_password', 'confirm_password'),
);

export type FormSchema = v.GenericSchema<unknown, unknown>;
