import { FORM_DIALOGS } from '../../../src/features/form-dialogs';
import { modelByName } from '../../../src/qa/statecharts/models';
import { formDialogScreen, type WalkFacts } from './form-dialog-screen';
import { formDriver } from './form-driver';
import { describeUiWalk } from './runner';

/**
 * The /items form dialogs of src/features/form-dialogs.ts (Add Item, Edit Item), walked through their
 * real screen from their descriptors (./form-dialog-screen.ts). What only the walk needs is here: the
 * item an edit acts on. Delete Item is in confirmations.test.tsx.
 */

const session = modelByName('session');
const extra = session ? [session] : [];

const items: WalkFacts = {
  seedRow: async (walk, account) => {
    await walk.api.call('POST', '/items/', account.token, {
      title: 'Old title 1',
      description: null,
      sku: 'OLD-1',
    });
  },
};

for (const descriptor of FORM_DIALOGS.filter(({ screen: facts }) => facts.route === '/items'))
  await describeUiWalk(formDriver(formDialogScreen(descriptor, items)), extra);
