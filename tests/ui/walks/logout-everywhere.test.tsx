import { screen } from '@testing-library/react';
import { modelByName } from '../../../src/qa/statecharts/models';
import { formDriver } from './form-driver';
import { describeUiWalk } from './runner';

/** Settings → My profile → Log out everywhere → confirmation: Cancel, Confirm (fails while the admin
 * has deactivated the account, then succeeds: every session of the account ends, this one too). */

const session = modelByName('session');

await describeUiWalk(
  formDriver({
    machine: 'logoutEverywhere',
    kind: 'confirm',
    route: '/settings',
    title: 'Log out everywhere',
    submitLabel: 'Confirm',
    question: /this one included, and will need to log in/,
    successEnds: true,
    open: async (u) => u.click(await screen.findByRole('button', { name: 'Log out everywhere' })),
    success: ['Success', 'You are logged out on every device.'],
    failure: ['Error', 'Inactive user'],
  }),
  session ? [session] : [],
);
