import { screen } from '@testing-library/react';
import { modelByName } from '../../../src/qa/statecharts/models';
import { formDriver } from './form-driver';
import { describeUiWalk } from './runner';
import { uniqueEmail } from './support';

/** My profile on /settings: view, Edit, Save (only when changed and with an e-mail), Cancel. */

const session = modelByName('session');

await describeUiWalk(
  formDriver({
    machine: 'profile',
    kind: 'toggle',
    route: '/settings',
    open: async (u) => u.click(await screen.findByRole('button', { name: 'Edit' })),
    fields: { full_name: /^Full name/, email: /^Email/ },
    first: ['full_name', 'x'.repeat(40)],
    valid: () => ({ full_name: 'Alice Renamed', email: uniqueEmail('renamed') }),
    invalid: { full_name: 'x'.repeat(40), email: 'not-an-email' },
    success: ['Success!', 'User updated successfully.'],
    failure: ['Error', 'Inactive user'],
  }),
  session ? [session] : [],
);
