import { createPageFormMachine } from './form';
import { createConfirmationMachine, createModalFormMachine, createToggleFormMachine } from './form-dialogs';
import {
  addItemSchema,
  addUserSchema,
  changePasswordSchema,
  editItemSchema,
  editUserSchema,
  profileSchema,
  setPasswordSchema,
} from './signed-in-schemas';

/** The form flows of the signed-in screens (settings, items, admin); the public ones are in ./flows.ts. */

// Settings
export const profileMachine = createToggleFormMachine({
  id: 'profile',
  schema: profileSchema,
  defaults: { full_name: '', email: '' },
  requireDirty: true,
  canSubmit: (values) => typeof values.email === 'string' && values.email.trim() !== '',
});

export const changePasswordMachine = createPageFormMachine({
  id: 'changePassword',
  schema: changePasswordSchema,
  defaults: { current_password: '', new_password: '', confirm_password: '' },
  resetOnSuccess: true,
});

export const accountDeletionMachine = createConfirmationMachine({ id: 'accountDeletion' });

// Items
export const addItemMachine = createModalFormMachine({
  id: 'addItem',
  schema: addItemSchema,
  defaults: { title: '', description: '', sku: '' },
  requireDirty: true,
});

export const editItemMachine = createModalFormMachine({
  id: 'editItem',
  schema: editItemSchema,
  defaults: { title: '', description: '', sku: '' },
  requireDirty: true,
});

export const deleteItemMachine = createConfirmationMachine({ id: 'deleteItem' });

// Users (admin)
export const addUserMachine = createModalFormMachine({
  id: 'addUser',
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

/** The 'Change Password' form (titled 'Edit User'): an admin sets a user's password. */
export const changeUserPasswordMachine = createModalFormMachine({
  id: 'changeUserPassword',
  schema: setPasswordSchema,
  defaults: { password: '', confirm_password: '' },
  requireDirty: true,
});

export const deleteUserMachine = createConfirmationMachine({ id: 'deleteUser' });
