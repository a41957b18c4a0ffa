import type { Token } from '../api/types';
import { createLeavingPageFormMachine } from './form';
import { loginSchema } from './login-schema';

/**
 * /login's form flow, apart from the other public forms (./flows.ts) so that they
 * stay out of /login's bundle. Chart: [docs/statecharts/login.md](../../docs/statecharts/login.md).
 */
export const loginMachine = createLeavingPageFormMachine({
  id: 'login',
  schema: loginSchema,
  types: {} as { output: Token },
  defaults: { username: '', password: '' },
  requirements: {
    fields: ['R-VAL-02', 'R-VAL-04', 'R-VAL-08'],
    submit: ['R-VAL-08', 'R-DATA-02'],
    success: ['R-FLOW-02'],
    failure: ['R-ERR-03'],
  },
});
