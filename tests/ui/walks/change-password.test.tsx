import { screen } from '@testing-library/react';
import type { ChangePasswordValues } from '../../../src/machines/signed-in-schemas';
import { modelByName } from '../../../src/qa/statecharts/models';
import { formDriver } from './form-driver';
import { describeUiWalk } from './runner';

/** User Settings → Password: Current Password, Set Password, Confirm Password, Save (see form-driver.ts). */

const session = modelByName('session');
let serial = 0;

await describeUiWalk(
  formDriver<ChangePasswordValues>({
    machine: 'changePassword',
    kind: 'page',
    route: '/settings',
    arrive: async (u) => u.click(await screen.findByRole('tab', { name: 'Password' })),
    fields: {
      current_password: /^Current Password/,
      new_password: /^Set Password/,
      confirm_password: /^Confirm Password/,
    },
    first: ['current_password', ''],
    valid: (account) => {
      const next = `password-new-${++serial}`;
      return { current_password: account.password, new_password: next, confirm_password: next };
    },
    invalid: { current_password: '', new_password: 'short', confirm_password: 'other' },
    succeeded: (account, values) => {
      account.password = values.new_password ?? account.password;
    },
    success: ['Success!', 'Password updated successfully.'],
    failure: ['Error', 'Inactive user'],
  }),
  session ? [session] : [],
);
