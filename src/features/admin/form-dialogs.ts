import { createUser, updateUser } from '../../api/services';
import type { UserPublic } from '../../api/types';
import { addUserMachine, changeUserPasswordMachine, editUserMachine } from '../../machines/signed-in-flows';
import type { AddUserValues, EditUserValues, SetPasswordValues } from '../../machines/signed-in-schemas';
import { EditIcon, KeyIcon } from '../../ui/icons';
import { type AnyFormDialog, defineFormDialog } from '../common/form-dialog';
import { fixtureUser } from './confirmations';
import { addUserPayload, editUserPayload, editUserValues, setPasswordPayload } from './payload';

/** The new-password pair of every admin form (the first is also where a breached password is refused). */
const passwordLabels = { password: 'Set Password', confirm_password: 'Confirm Password' } as const;
const accountLabels = {
  email: 'Email',
  full_name: 'Full name',
  ...passwordLabels,
  is_superuser: 'Is superuser?',
  is_active: 'Is active?',
} as const;

/** 'Add User' (spec §2: the five fields of POST /users/), from the page's button. */
export const addUserDialog = defineFormDialog<AddUserValues, null, UserPublic>({
  group: 'Admin',
  machine: addUserMachine,
  submit: async ({ values }, keys) => {
    const body = addUserPayload(values);
    const user = await createUser(body, keys.keyFor(body));
    keys.done();
    return user;
  },
  fixture: {
    valid: {
      email: 'new@example.com',
      full_name: 'New User',
      password: 'password-1',
      confirm_password: 'password-1',
      is_superuser: false,
      is_active: true,
    },
    invalid: { email: 'not-an-email', password: 'short', confirm_password: 'other' },
    output: { ...fixtureUser, id: 'user-3', email: 'new@example.com' },
  },
  screen: {
    route: '/admin',
    opener: { button: 'Add User' },
    role: 'dialog',
    title: 'Add User',
    labels: accountLabels,
    success: ['Success!', 'User created successfully.'],
    failure: 'detail',
  },
});

/** A row's 'Edit User' (the admin version, with the profile fields): the form opened on the user. */
export const editUserDialog = defineFormDialog<EditUserValues, UserPublic, UserPublic>({
  group: 'Admin',
  machine: editUserMachine,
  submit: ({ values, target }) => updateUser(target.id, editUserPayload(values)),
  opened: editUserValues,
  fixture: {
    valid: { full_name: 'Renamed User', major: 'Physics', gender: 'Female' },
    invalid: { password: 'short', confirm_password: 'other' },
    target: fixtureUser,
    output: { ...fixtureUser, full_name: 'Renamed User', major: 'Physics', gender: 'Female' },
  },
  screen: {
    route: '/admin',
    opener: { menu: { value: 'edit', label: 'Edit User', icon: EditIcon } },
    role: 'dialog',
    title: 'Edit User',
    labels: {
      ...accountLabels,
      major: 'Major',
      phone: 'Phone',
      birth_date: 'Birth date',
      gender: 'Gender',
      subscription_type: 'Subscription type',
      is_email_confirmed: 'Is e-mail confirmed?',
    },
    success: ['Success!', 'User updated successfully.'],
    failure: 'detail',
  },
});

/**
 * A row's 'Change Password' (spec §2: a form titled 'Edit User'): an admin sets the user's password.
 * Also on /items as 'Change Password Item', where it acts on the item's id (a quirk to preserve).
 */
export const changeUserPasswordDialog = defineFormDialog<
  SetPasswordValues,
  Pick<UserPublic, 'id'>,
  UserPublic
>({
  group: 'Admin',
  machine: changeUserPasswordMachine,
  submit: ({ values, target }) => updateUser(target.id, setPasswordPayload(values)),
  fixture: {
    valid: { password: 'password-2', confirm_password: 'password-2' },
    invalid: { password: 'short', confirm_password: '' },
    target: fixtureUser,
    output: fixtureUser,
  },
  screen: {
    route: '/admin',
    opener: { menu: { value: 'password', label: 'Change Password User', icon: KeyIcon } },
    alsoOn: { route: '/items', menu: { value: 'password', label: 'Change Password Item', icon: KeyIcon } },
    role: 'dialog',
    title: 'Edit User',
    labels: passwordLabels,
    success: ['Success!', 'Password updated successfully.'],
    failure: 'detail',
  },
});

/** The /admin form dialogs (Change Password also on /items). */
export const USER_FORM_DIALOGS: readonly AnyFormDialog[] = [
  addUserDialog,
  editUserDialog,
  changeUserPasswordDialog,
];
