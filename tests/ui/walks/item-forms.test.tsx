import { FORM_DIALOGS } from '../../../src/features/form-dialogs';
import { modelByName } from '../../../src/qa/statecharts/models';
import { formDialogScreen, ROUTE_FACTS } from './form-dialog-screen';
import { formDriver } from './form-driver';
import { describeUiWalk } from './runner';

/**
 * The /items form dialogs of src/features/form-dialogs.ts (Add Item, Edit Item), walked through their
 * real screen from their descriptors (./form-dialog-screen.ts). The item an edit acts on: ROUTE_FACTS. Delete Item is in confirmations.test.tsx.
 */

const session = modelByName('session');
const extra = session ? [session] : [];

for (const descriptor of FORM_DIALOGS.filter(({ screen: facts }) => facts.route === '/items'))
  await describeUiWalk(formDriver(formDialogScreen(descriptor, ROUTE_FACTS['/items'])), extra);
