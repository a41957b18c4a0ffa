import { createUser, updateUser } from '../../api/services';
import type { UserPublic } from '../../api/types';
import { labelsOf } from '../../machines/declared';
import { addUserMachine, changeUserPasswordMachine, editUserMachine } from '../../machines/signed-in-flows';
import {
  ADD_USER_FORM,
  type AddUserValues,
  EDIT_USER_FORM,
  type EditUserValues,
  SET_PASSWORD_FORM,
  type SetPasswordValues,
} from '../../machines/signed-in-schemas';
import { EditIcon, KeyIcon } from '../../ui/icons';
import { type AnyFormDialog, defineFormDialog } from '../common/form-dialog';
import { addUserPayload, editUserPayload, editUserValues, setPasswordPayload } from './payload';

/** 'Add User' (spec §2: the five fields of POST /users/), from the page's button. */
export const addUserDialog = defineFormDialog<AddUserValues, null, UserPublic>({
  group: 'Admin',
  machine: addUserMachine,
  submit: async ({ values }, keys, signal) => {
    const body = addUserPayload(values);
    const user = await createUser(body, { key: keys.keyFor(body), signal });
    keys.done();
    return user;
  },
  screen: {
    route: '/admin',
    opener: { button: 'Add User' },
    role: 'dialog',
    title: 'Add User',
    labels: labelsOf(ADD_USER_FORM),
    success: ['Success!', 'User created successfully.'],
    failure: 'detail',
  },
});

/** A row's 'Edit User' (the admin version, with the profile fields): the form opened on the user. */
export const editUserDialog = defineFormDialog<EditUserValues, UserPublic, UserPublic>({
  group: 'Admin',
  machine: editUserMachine,
  submit: ({ values, target }, _keys, signal) => updateUser(target.id, editUserPayload(values), signal),
  opened: editUserValues,
  screen: {
    route: '/admin',
    opener: { menu: { value: 'edit', label: 'Edit User', icon: EditIcon } },
    role: 'dialog',
    title: 'Edit User',
    labels: labelsOf(EDIT_USER_FORM),
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
  submit: ({ values, target }, _keys, signal) => updateUser(target.id, setPasswordPayload(values), signal),
  screen: {
    route: '/admin',
    opener: { menu: { value: 'password', label: 'Change Password User', icon: KeyIcon } },
    alsoOn: { route: '/items', menu: { value: 'password', label: 'Change Password Item', icon: KeyIcon } },
    role: 'dialog',
    title: 'Edit User',
    labels: labelsOf(SET_PASSWORD_FORM),
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
