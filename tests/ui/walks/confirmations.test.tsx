import { screen } from '@testing-library/react';
import type { AnyConfirmation } from '../../../src/features/common/confirmation';
import { CONFIRMATIONS } from '../../../src/features/confirmations';
import { modelByName } from '../../../src/qa/statecharts/models';
import { type FormScreen, formDriver, openRowMenu } from './form-driver';
import { describeUiWalk, type Walk } from './runner';
import { type Account, adminToken, uniqueEmail } from './support';

/**
 * Every confirmation of src/features/confirmations.ts, walked through its real screen from its
 * descriptor: its title, role, question, confirming button, toasts and the menu entry or button that
 * opens it. What only a walk needs is per route below: the rows a row confirmation acts on, and who
 * signs in. A failure is realised as the admin deactivating the account before Confirm ('Inactive user'):
 * the descriptor's fixed failure toast, or the 'Error' toast with that `detail`.
 */

const session = modelByName('session');
const extra = session ? [session] : [];

/** Rows to act on: items of the account; users newer than the signed-in admin (whose own row is disabled). */
const ROUTES: Record<
  AnyConfirmation['screen']['route'],
  { superuser?: boolean; seed?: (walk: Walk, account: Account) => Promise<void> }
> = {
  '/items': {
    seed: async (walk, account) => {
      for (let i = 1; i <= 4; i++) {
        await walk.api.call('POST', '/items/', account.token, {
          title: `Old title ${i}`,
          description: null,
          sku: `OLD-${i}`,
        });
      }
    },
  },
  '/admin': {
    superuser: true,
    seed: async (walk) => {
      const admin = await adminToken(walk.api);
      for (let i = 1; i <= 4; i++) {
        await walk.api.call('POST', '/users/', admin, {
          email: uniqueEmail('target'),
          password: 'password-123',
          full_name: `Target ${i}`,
        });
      }
    },
  },
  '/settings': {},
};

const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

export function confirmationScreen({ name, screen: facts }: AnyConfirmation): FormScreen {
  const { opener } = facts;
  return {
    machine: name,
    kind: 'confirm',
    route: facts.route,
    ...ROUTES[facts.route],
    role: facts.role,
    title: facts.title,
    submitLabel: facts.submitLabel,
    question: literal(facts.question),
    successEnds: facts.endsSession,
    arrive:
      'tab' in opener && opener.tab
        ? async (u) => u.click(await screen.findByRole('tab', { name: opener.tab }))
        : undefined,
    open:
      'menu' in opener
        ? (u) => openRowMenu(u, opener.menu.label)
        : async (u) => u.click(await screen.findByRole('button', { name: opener.button })),
    success: [...facts.success],
    failure: facts.failure === 'detail' ? ['Error', 'Inactive user'] : [...facts.failure],
  };
}

for (const descriptor of CONFIRMATIONS)
  await describeUiWalk(formDriver(confirmationScreen(descriptor)), extra);
