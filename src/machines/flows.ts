import { createPageFormMachine } from './form';
import { loginSchema, recoverPasswordSchema, resetPasswordSchema, signupSchema } from './schemas';

/**
 * The form flows of the public pages, each a named machine built by one of the form factories. The
 * signed-in screens' flows are in ./signed-in-flows.ts: /login's bundle holds only this module
 * (tests/budget).
 */

// Public flows: the forms of the pages reachable signed out (sign up, log in, recover and reset password)
export const signupMachine = createPageFormMachine({
  id: 'signup',
  schema: signupSchema,
  defaults: { full_name: '', email: '', password: '', confirm_password: '' },
  leavesOnSuccess: true,
});

export const loginMachine = createPageFormMachine({
  id: 'login',
  schema: loginSchema,
  defaults: { username: '', password: '' },
  leavesOnSuccess: true,
});

export const recoverPasswordMachine = createPageFormMachine({
  id: 'recoverPassword',
  schema: recoverPasswordSchema,
  defaults: { email: '' },
  resetOnSuccess: true,
});

export const resetPasswordMachine = createPageFormMachine({
  id: 'resetPassword',
  schema: resetPasswordSchema,
  defaults: { new_password: '', confirm_password: '' },
  leavesOnSuccess: true,
});
