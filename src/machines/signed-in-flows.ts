import type { ItemPublic, Message, UserPublic } from '../api/types';
import { createPageFormMachine } from './form';
import { createModalFormMachine, createToggleFormMachine } from './form-dialogs';
import {
  addItemSchema,
  addUserSchema,
  changePasswordSchema,
  editItemSchema,
  editUserSchema,
  profileSchema,
  setPasswordSchema,
} from './signed-in-schemas';

/**
 * The form flows of the signed-in screens (settings, items, admin); the public ones are in ./flows.ts.
 * The confirmations (delete, end sessions, …) are declared with their screens: src/features/confirmations.ts.
 */

// Settings
export const profileMachine = createToggleFormMachine({
  id: 'profile',
  types: {} as { output: UserPublic },
  schema: profileSchema,
  defaults: { full_name: '', email: '' },
  requireDirty: true,
  canSubmit: (values) => values.email.trim() !== '',
});

export const changePasswordMachine = createPageFormMachine({
  id: 'changePassword',
  types: {} as { output: Message },
  schema: changePasswordSchema,
  defaults: { current_password: '', new_password: '', confirm_password: '' },
  resetOnSuccess: true,
});

// Items
export const addItemMachine = createModalFormMachine({
  id: 'addItem',
  types: {} as { output: ItemPublic },
  schema: addItemSchema,
  defaults: { title: '', description: '', sku: '' },
  requireDirty: true,
});

export const editItemMachine = createModalFormMachine({
  id: 'editItem',
  types: {} as { target: ItemPublic; output: ItemPublic },
  schema: editItemSchema,
  defaults: { title: '', description: '', sku: '' },
  requireDirty: true,
});

// Users (admin)
export const addUserMachine = createModalFormMachine({
  id: 'addUser',
  types: {} as { output: UserPublic },
  schema: addUserSchema,
  defaults: {
    email: '',
    full_name: '',
    password: '',
    confirm_password: '',
    is_superuser: false,
    is_active: false,
  },
  requireDirty: true,
});

export const editUserMachine = createModalFormMachine({
  id: 'editUser',
  types: {} as { target: UserPublic; output: UserPublic },
  schema: editUserSchema,
  defaults: {
    email: '',
    full_name: '',
    major: '',
    phone: '',
    birth_date: '',
    gender: '',
    subscription_type: 'Free',
    is_superuser: false,
    is_active: false,
    is_email_confirmed: false,
    password: '',
    confirm_password: '',
  },
  requireDirty: true,
});

/**
 * The 'Change Password' form (titled 'Edit User'): an admin sets a user's password. Its target is a
 * user, or on /items an item (the 'Change Password Item' quirk: the item's id is sent as a user's).
 */
export const changeUserPasswordMachine = createModalFormMachine({
  id: 'changeUserPassword',
  types: {} as { target: Pick<UserPublic, 'id'>; output: UserPublic },
  schema: setPasswordSchema,
  defaults: { password: '', confirm_password: '' },
  requireDirty: true,
});
