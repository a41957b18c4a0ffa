import { FORM_DIALOGS } from '../../../src/features/form-dialogs';
import { modelByName } from '../../../src/qa/statecharts/models';
import { formDialogScreen, ROUTE_FACTS } from './form-dialog-screen';
import { formDriver } from './form-driver';
import { describeUiWalk } from './runner';

/**
 * The /admin form dialogs of src/features/form-dialogs.ts (Add User, Edit User, Change Password),
 * walked through their real screen from their descriptors (./form-dialog-screen.ts). What only the walk
 * needs is here: a superuser signs in, and a user to act on. The confirmations: confirmations.test.tsx.
 */

const session = modelByName('session');
const extra = session ? [session] : [];

for (const descriptor of FORM_DIALOGS.filter(({ screen: facts }) => facts.route === '/admin'))
  await describeUiWalk(formDriver(formDialogScreen(descriptor, ROUTE_FACTS['/admin'])), extra);
