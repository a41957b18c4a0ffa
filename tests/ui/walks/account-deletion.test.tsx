import { screen } from '@testing-library/react';
import { modelByName } from '../../../src/qa/statecharts/models';
import { formDriver } from './form-driver';
import { describeUiWalk } from './runner';

/** Settings → Danger zone → Delete → 'Confirmation Required': Cancel, Confirm (fails while the admin
 * has deactivated the account, then succeeds: the account is deleted and the session ends). */

const session = modelByName('session');

await describeUiWalk(
  formDriver({
    machine: 'accountDeletion',
    kind: 'confirm',
    route: '/settings',
    title: 'Confirmation Required',
    submitLabel: 'Confirm',
    question: /If you are sure, please click/,
    successEnds: true,
    arrive: async (u) => u.click(await screen.findByRole('tab', { name: 'Danger zone' })),
    open: async (u) => u.click(await screen.findByRole('button', { name: 'Delete' })),
    success: ['Success', 'Your account has been successfully deleted.'],
    failure: ['Error', 'Inactive user'],
  }),
  session ? [session] : [],
);
