import { screen } from '@testing-library/react';
import { labelsOf } from '../../../src/machines/declared';
import { PROFILE_FORM, type ProfileValues } from '../../../src/machines/signed-in-schemas';
import { modelByName } from '../../../src/qa/statecharts/models';
import { formDriver } from './form-driver';
import { describeUiWalk } from './runner';
import { labelled, uniqueEmail } from './support';

/** My profile on /settings: view, Edit, Save (only when changed and with an e-mail), Cancel; its fields declared. */

const session = modelByName('session');

await describeUiWalk(
  formDriver<ProfileValues>({
    machine: 'profile',
    kind: 'toggle',
    route: '/settings',
    open: async (u) => u.click(await screen.findByRole('button', { name: 'Edit' })),
    fields: labelled(labelsOf(PROFILE_FORM)),
    first: ['full_name', 'x'.repeat(40)],
    valid: () => ({ full_name: 'Alice Renamed', email: uniqueEmail('renamed') }),
    invalid: { full_name: 'x'.repeat(40), email: 'not-an-email' },
    success: ['Success!', 'User updated successfully.'],
    failure: ['Error', 'Inactive user'],
  }),
  session ? [session] : [],
);
