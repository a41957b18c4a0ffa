import * as v from 'valibot';

/**
 * /login's schema, the form messages and the e-mail pattern: the only part of ./schemas.ts that /login
 * uses, in a module of its own so that the other forms' schemas stay out of /login's JavaScript budget
 * (ARCHITECTURE.md). ./schemas.ts re-exports all of it.
 */

export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

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

export const loginSchema = v.object({
  username: v.pipe(v.string(), v.nonEmpty(MSG.usernameRequired), v.regex(EMAIL_PATTERN, MSG.emailInvalid)),
  password: v.pipe(v.string(), v.nonEmpty(MSG.passwordRequired)),
});

export type LoginValues = v.InferInput<typeof loginSchema>;
