import {
  createConfirmationMachine,
  createModalFormMachine,
  createPageFormMachine,
  createToggleFormMachine,
} from './form';
import {
  addItemSchema,
  addUserSchema,
  changePasswordSchema,
  editItemSchema,
  editUserSchema,
  loginSchema,
  profileSchema,
  recoverPasswordSchema,
  resetPasswordSchema,
  setPasswordSchema,
  signupSchema,
} from './schemas';

/** Every form flow of the product, each a named machine built by one of the form factories. */

// Public flows: the forms of the pages reachable signed out (sign up, log in, recover and reset password)
export const signupMachine = createPageFormMachine({
  id: 'signup',
  schema: signupSchema,
  defaults: { full_name: '', email: '', password: '', confirm_password: '' },
  leavesOnSuccess: true,
});

export const loginMachine = createPageFormMachine({
  id: 'login',
  schema: loginSchema,
  defaults: { username: '', password: '' },
  leavesOnSuccess: true,
});

export const recoverPasswordMachine = createPageFormMachine({
  id: 'recoverPassword',
  schema: recoverPasswordSchema,
  defaults: { email: '' },
  resetOnSuccess: true,
});

export const resetPasswordMachine = createPageFormMachine({
  id: 'resetPassword',
  schema: resetPasswordSchema,
  defaults: { new_password: '', confirm_password: '' },
  leavesOnSuccess: true,
});

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
