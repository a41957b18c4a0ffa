import type { Message, UserPublic } from '../api/types';
import { createLeavingPageFormMachine, createPageFormMachine } from './form';
import { recoverPasswordSchema, resetPasswordSchema, signupSchema } from './schemas';

// The forms of the pages reachable signed out; /login's is in ./login-flow.ts (its bundle), the signed-in
// ones in ./signed-in-flows.ts.
/** Chart: [docs/statecharts/signup.md](../../docs/statecharts/signup.md). */
export const signupMachine = createLeavingPageFormMachine({
  id: 'signup',
  schema: signupSchema,
  types: {} as { output: UserPublic },
  defaults: { full_name: '', email: '', password: '', confirm_password: '' },
  requirements: {
    fields: ['R-VAL-01', 'R-VAL-02', 'R-VAL-03', 'R-VAL-04', 'R-VAL-05', 'R-VAL-08'],
    submit: ['R-VAL-08', 'R-DATA-01'],
    success: ['R-FLOW-04', 'R-ERR-07'],
    failure: ['R-ERR-01', 'R-ERR-02'],
  },
});

/** Chart: [docs/statecharts/recoverPassword.md](../../docs/statecharts/recoverPassword.md). */
export const recoverPasswordMachine = createPageFormMachine({
  id: 'recoverPassword',
  schema: recoverPasswordSchema,
  types: {} as { output: Message },
  defaults: { email: '' },
  requirements: {
    fields: ['R-VAL-01', 'R-VAL-02', 'R-VAL-08'],
    submit: ['R-VAL-08'],
    success: ['R-ERR-07'],
    failure: ['R-ERR-04'],
  },
});

/** Chart: [docs/statecharts/resetPassword.md](../../docs/statecharts/resetPassword.md). */
export const resetPasswordMachine = createLeavingPageFormMachine({
  id: 'resetPassword',
  schema: resetPasswordSchema,
  types: {} as { output: Message },
  defaults: { new_password: '', confirm_password: '' },
  requirements: {
    fields: ['R-VAL-04', 'R-VAL-05', 'R-VAL-08'],
    submit: ['R-VAL-08', 'R-DATA-04', 'R-ROUTE-06'],
    success: ['R-FLOW-05', 'R-ERR-07'],
    failure: ['R-ERR-04'],
  },
});
