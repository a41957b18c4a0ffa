import { modelByName } from '../../../src/qa/statecharts/models';
import { formDriver, openRowMenu } from './form-driver';
import { describeUiWalk } from './runner';
import { user } from './support';

/** The /items dialogs: Add Item, Edit Item (see form-driver.ts; Delete Item is in confirmations.test.tsx). */

const session = modelByName('session');
const extra = session ? [session] : [];
void user;

async function seedItems(
  walk: Parameters<NonNullable<Parameters<typeof formDriver>[0]['seed']>>[0],
  token: string,
  count: number,
) {
  for (let i = 1; i <= count; i++) {
    await walk.api.call('POST', '/items/', token, {
      title: `Old title ${i}`,
      description: null,
      sku: `OLD-${i}`,
    });
  }
}

await describeUiWalk(
  formDriver({
    machine: 'addItem',
    kind: 'modal',
    route: '/items',
    title: 'Add Item',
    open: async (u) => {
      const { screen } = await import('@testing-library/react');
      await u.click(await screen.findByRole('button', { name: 'Add Item' }));
    },
    fields: { title: /^Title/, description: /^Description/, sku: /^SKU/ },
    first: ['title', ''],
    valid: () => ({ title: 'New item', description: 'A description', sku: 'SKU-1' }),
    invalid: { title: '', description: 'Only a description', sku: 'S'.repeat(256) },
    success: ['Success!', 'Item created successfully.'],
    failure: ['Error', 'Inactive user'],
  }),
  extra,
);

await describeUiWalk(
  formDriver({
    machine: 'editItem',
    kind: 'modal',
    route: '/items',
    title: 'Edit Item',
    seed: (walk, account) => seedItems(walk, account.token, 1),
    open: (u) => openRowMenu(u, 'Edit Item'),
    fields: { title: /^Title/, description: /^Description/, sku: /^SKU/ },
    first: ['title', ''],
    valid: () => ({ title: `New title ${Date.now()}`, description: 'Changed', sku: 'SKU-2' }),
    invalid: { title: '', description: 'Changed', sku: 'S'.repeat(256) },
    success: ['Success!', 'Item updated successfully.'],
    failure: ['Error', 'Inactive user'],
  }),
  extra,
);
