import { FORM_DIALOGS } from '../../../src/features/form-dialogs';
import { modelByName } from '../../../src/qa/statecharts/models';
import { formDialogScreen, type WalkFacts } from './form-dialog-screen';
import { formDriver } from './form-driver';
import { describeUiWalk } from './runner';
import { adminToken, uniqueEmail } from './support';

/**
 * The /admin form dialogs of src/features/form-dialogs.ts (Add User, Edit User, Change Password),
 * walked through their real screen from their descriptors (./form-dialog-screen.ts). What only the walk
 * needs is here: a superuser signs in, and a user to act on. The confirmations: confirmations.test.tsx.
 */

const session = modelByName('session');
const extra = session ? [session] : [];

const users: WalkFacts = {
  superuser: true,
  // A user newer than the signed-in admin (the list is newest first; the admin's own row is disabled).
  seedRow: async (walk) => {
    await walk.api.call('POST', '/users/', await adminToken(walk.api), {
      email: uniqueEmail('target'),
      password: 'password-123',
      full_name: 'Target 1',
    });
  },
};

for (const descriptor of FORM_DIALOGS.filter(({ screen: facts }) => facts.route === '/admin'))
  await describeUiWalk(formDriver(formDialogScreen(descriptor, users)), extra);
