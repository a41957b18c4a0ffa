import type { Message, Token, UserPublic } from '../api/types';
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
  types: {} as { output: UserPublic },
  defaults: { full_name: '', email: '', password: '', confirm_password: '' },
  leavesOnSuccess: true,
});

export const loginMachine = createPageFormMachine({
  id: 'login',
  schema: loginSchema,
  types: {} as { output: Token },
  defaults: { username: '', password: '' },
  leavesOnSuccess: true,
});

export const recoverPasswordMachine = createPageFormMachine({
  id: 'recoverPassword',
  schema: recoverPasswordSchema,
  types: {} as { output: Message },
  defaults: { email: '' },
  resetOnSuccess: true,
});

export const resetPasswordMachine = createPageFormMachine({
  id: 'resetPassword',
  schema: resetPasswordSchema,
  types: {} as { output: Message },
  defaults: { new_password: '', confirm_password: '' },
  leavesOnSuccess: true,
});
