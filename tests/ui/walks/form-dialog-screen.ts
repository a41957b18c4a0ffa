import { screen, within } from '@testing-library/react';
import type { AnyFormDialog } from '../../../src/features/common/form-dialog';
import { formDialogFixture } from '../../../src/qa/statecharts/dialog-fixtures';
import { type FormScreen, openRowMenu, type Values } from './form-driver';
import type { Walk } from './runner';
import { type Account, adminToken, labelled, labelledBy, uniqueEmail } from './support';

/**
 * A described form dialog (src/features/form-dialogs.ts) as a walk screen: title, role, field labels,
 * the button or row menu entry that opens it, the values the model sets and the toasts, all from its
 * descriptor. The walk file of each route adds what only the walk needs (`WalkFacts`). A failure is
 * realised as the admin deactivating the signed-in account before Save ('Inactive user', the 'Error'
 * toast with that `detail`: the descriptors' `failure: 'detail'`).
 */

/** A route's facts the descriptors do not hold: who signs in, the row an edit acts on. */
export interface WalkFacts {
  superuser?: boolean;
  /** Creates the row a dialog opened from a row menu acts on. */
  seedRow(walk: Walk, account: Account): Promise<void>;
}

/** Each route's facts: /items acts on an item of the signed-in user's, /admin on a user a superuser sees. */
export const ROUTE_FACTS: Record<'/items' | '/admin', WalkFacts> = {
  '/items': {
    seedRow: async (walk, account) => {
      await walk.api.call('POST', '/items/', account.token, {
        title: 'Old title 1',
        description: null,
        sku: 'OLD-1',
      });
    },
  },
  '/admin': {
    superuser: true,
    // A user newer than the signed-in admin (the list is newest first; the admin's own row is disabled).
    seedRow: async (walk) => {
      await walk.api.call('POST', '/users/', await adminToken(walk.api), {
        email: uniqueEmail('target'),
        password: 'password-123',
        full_name: 'Target 1',
      });
    },
  },
};

/**
 * The descriptor's valid values, each text made new on every use, by the field it goes into: a form
 * saved once and opened again on its record holds them already (Save stays disabled until a value
 * differs), and an e-mail address is the account's key on the server. A choice (checkbox, select), a
 * date and a password are kept as they are: the first two take no other text, a password field opens
 * empty.
 */
let uses = 0;
function freshValues(dialog: HTMLElement, labels: Record<string, string>, values: object): Values {
  uses += 1;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const text = String(value);
      const input = within(dialog).getByLabelText(labelledBy(labels[name] as string)) as HTMLInputElement;
      if (text === '' || input instanceof HTMLSelectElement) return [name, text];
      if (['checkbox', 'date', 'password'].includes(input.type)) return [name, text];
      if (input.type === 'email') return [name, text.replace('@', `-${Date.now()}-${uses}@`)];
      return [name, `${text} ${uses}`];
    }),
  );
}

export function formDialogScreen(dialog: AnyFormDialog, walk: WalkFacts): FormScreen {
  const { name, screen: facts } = dialog;
  const fixture = formDialogFixture(dialog);
  const { opener } = facts;
  const labels = facts.labels as Record<string, string>;
  const [first] = Object.keys(fixture.invalid);
  if (first === undefined) throw new Error(`${name}: the fixture needs invalid values`);
  return {
    machine: name,
    kind: 'modal',
    route: facts.route,
    superuser: walk.superuser,
    role: facts.role,
    title: facts.title,
    // A form opened from a row needs one.
    seed: 'menu' in opener ? walk.seedRow : undefined,
    open:
      'menu' in opener
        ? (u) => openRowMenu(u, opener.menu.label)
        : async (u) => u.click(await screen.findByRole('button', { name: opener.button })),
    fields: labelled(labels),
    first: [first, String(fixture.invalid[first])],
    valid: () => freshValues(screen.getByRole(facts.role, { name: facts.title }), labels, fixture.valid),
    invalid: Object.fromEntries(Object.entries(fixture.invalid).map(([k, v]) => [k, String(v)])),
    success: [...facts.success],
    failure: ['Error', 'Inactive user'],
  };
}
