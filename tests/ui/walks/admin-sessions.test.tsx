import { modelByName } from '../../../src/qa/statecharts/models';
import { formDriver, openRowMenu } from './form-driver';
import { describeUiWalk, type Walk } from './runner';
import { adminToken, uniqueEmail } from './support';

/** The /admin row menu's 'End sessions' and 'Unlock sign-in' confirmations. */

const session = modelByName('session');
const extra = session ? [session] : [];

/** A user to act on, newer than the signed-in admin (the list is newest first; its own row is disabled). */
async function seedUser(walk: Walk) {
  await walk.api.call('POST', '/users/', await adminToken(walk.api), {
    email: uniqueEmail('target'),
    password: 'password-123',
    full_name: 'Target',
  });
}

const failure: [string, string] = ['Error', 'Inactive user'];

await describeUiWalk(
  formDriver({
    machine: 'endUserSessions',
    kind: 'confirm',
    route: '/admin',
    superuser: true,
    title: 'End sessions',
    submitLabel: 'End sessions',
    question: /will be logged out on every device/,
    seed: seedUser,
    open: (u) => openRowMenu(u, 'End sessions'),
    success: ['Success', 'The user was logged out on every device.'],
    failure,
  }),
  extra,
);

await describeUiWalk(
  formDriver({
    machine: 'unlockUser',
    kind: 'confirm',
    route: '/admin',
    superuser: true,
    title: 'Unlock sign-in',
    submitLabel: 'Unlock',
    question: /may log in again at once/,
    seed: seedUser,
    open: (u) => openRowMenu(u, 'Unlock sign-in'),
    success: ['Success', 'The user may log in again.'],
    failure,
  }),
  extra,
);
