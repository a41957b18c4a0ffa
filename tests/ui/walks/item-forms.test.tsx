import { screen } from '@testing-library/react';
import type { AnyFormDialog } from '../../../src/features/common/form-dialog';
import { FORM_DIALOGS } from '../../../src/features/form-dialogs';
import { modelByName } from '../../../src/qa/statecharts/models';
import { type FormScreen, formDriver, openRowMenu, type Values } from './form-driver';
import { describeUiWalk } from './runner';

/**
 * The /items form dialogs of src/features/form-dialogs.ts (Add Item, Edit Item), walked through their
 * real screen from their descriptors: title, role, field labels, the button or row menu entry that
 * opens them, the values the model sets, the toasts. What only the walk needs is here: the items an
 * edit acts on. A failure is realised as the admin deactivating the account before Save ('Inactive
 * user', the 'Error' toast with that `detail`). Delete Item is in confirmations.test.tsx.
 */

const session = modelByName('session');
const extra = session ? [session] : [];

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The descriptor's valid values, each text made new on every use: a form saved once and opened again
 * on its record holds them already, and Save stays disabled until a value differs.
 */
let uses = 0;
function distinct(values: Record<string, unknown>): Values {
  uses += 1;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, value === '' ? '' : `${String(value)} ${uses}`]),
  );
}

export function formDialogScreen({ name, screen: facts, fixture }: AnyFormDialog): FormScreen {
  const { opener } = facts;
  const [first] = Object.keys(fixture.invalid);
  if (first === undefined) throw new Error(`${name}: the fixture needs invalid values`);
  return {
    machine: name,
    kind: 'modal',
    route: facts.route,
    role: facts.role,
    title: facts.title,
    // A form opened from a row needs one.
    seed:
      'menu' in opener
        ? async (walk, account) => {
            await walk.api.call('POST', '/items/', account.token, {
              title: 'Old title 1',
              description: null,
              sku: 'OLD-1',
            });
          }
        : undefined,
    open:
      'menu' in opener
        ? (u) => openRowMenu(u, opener.menu.label)
        : async (u) => u.click(await screen.findByRole('button', { name: opener.button })),
    fields: Object.fromEntries(
      Object.entries(facts.labels).map(([field, label]) => [field, new RegExp(`^${literal(String(label))}`)]),
    ),
    first: [first, String(fixture.invalid[first])],
    valid: () => distinct(fixture.valid),
    invalid: Object.fromEntries(Object.entries(fixture.invalid).map(([k, v]) => [k, String(v)])),
    success: [...facts.success],
    failure: ['Error', 'Inactive user'],
  };
}

for (const descriptor of FORM_DIALOGS.filter(({ screen: facts }) => facts.route === '/items'))
  await describeUiWalk(formDriver(formDialogScreen(descriptor)), extra);
