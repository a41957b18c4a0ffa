import type { ItemPublic, Message, UserPublic } from '../api/types';
import { defaultsOf } from './declared';
import { createPageFormMachine, type FormRequirements, isDirty } from './form';
import { createModalFormMachine, createToggleFormMachine } from './form-dialogs';
import {
  ADD_USER_FORM,
  addItemSchema,
  addUserSchema,
  changePasswordSchema,
  EDIT_USER_FORM,
  editItemSchema,
  editUserSchema,
  ITEM_FORM,
  PROFILE_FORM,
  profileSchema,
  setPasswordSchema,
} from './signed-in-schemas';

/** The form flows of the signed-in screens; the confirmations are declared with their screens. */
// Settings
/** Chart: [docs/statecharts/profile.md](../../docs/statecharts/profile.md). */
export const profileMachine = createToggleFormMachine({
  id: 'profile',
  types: {} as { output: UserPublic },
  schema: profileSchema,
  defaults: defaultsOf(PROFILE_FORM),
  requirements: {
    open: ['R-FLOW-07'],
    close: ['R-FLOW-09'],
    fields: ['R-VAL-01', 'R-VAL-02', 'R-VAL-03', 'R-VAL-08'],
    blocked: ['R-FLOW-08'],
    submit: ['R-VAL-08', 'R-DATA-05', 'R-FLOW-08'],
    success: ['R-FLOW-07', 'R-ERR-07'],
    failure: ['R-ERR-04'],
  },
}).provide({
  // Save held back until something changed and while the e-mail is empty.
  guards: { isBlocked: ({ context }) => !isDirty(context) || context.values.email.trim() === '' },
});

/** Chart: [docs/statecharts/changePassword.md](../../docs/statecharts/changePassword.md). */
export const changePasswordMachine = createPageFormMachine({
  id: 'changePassword',
  types: {} as { output: Message },
  schema: changePasswordSchema,
  defaults: { current_password: '', new_password: '', confirm_password: '' },
  requirements: {
    fields: ['R-VAL-04', 'R-VAL-05', 'R-VAL-08'],
    submit: ['R-VAL-08', 'R-DATA-03'],
    success: ['R-ERR-07'],
    failure: ['R-ERR-04'],
  },
});

// Items

/** Add Item and Edit Item implement the same requirements, part by part. */
const ITEM_FORM_REQUIREMENTS: FormRequirements = {
  open: ['R-ROUTE-23'],
  close: ['R-ROUTE-23'],
  fields: ['R-VAL-07', 'R-VAL-08'],
  submit: ['R-VAL-08', 'R-DATA-07'],
  success: ['R-FLOW-18', 'R-FLOW-19', 'R-ERR-07'],
  failure: ['R-ERR-04'],
};

/** Chart: [docs/statecharts/addItem.md](../../docs/statecharts/addItem.md). */
export const addItemMachine = createModalFormMachine({
  id: 'addItem',
  types: {} as { output: ItemPublic },
  schema: addItemSchema,
  defaults: defaultsOf(ITEM_FORM),
  requirements: ITEM_FORM_REQUIREMENTS,
});

/** Chart: [docs/statecharts/editItem.md](../../docs/statecharts/editItem.md). */
export const editItemMachine = createModalFormMachine({
  id: 'editItem',
  types: {} as { target: ItemPublic; output: ItemPublic },
  schema: editItemSchema,
  defaults: defaultsOf(ITEM_FORM),
  requirements: ITEM_FORM_REQUIREMENTS,
});

// Users (admin)
/** Chart: [docs/statecharts/addUser.md](../../docs/statecharts/addUser.md). */
export const addUserMachine = createModalFormMachine({
  id: 'addUser',
  types: {} as { output: UserPublic },
  schema: addUserSchema,
  defaults: defaultsOf(ADD_USER_FORM),
  requirements: {
    open: ['R-ROUTE-23', 'R-FLOW-13'],
    close: ['R-ROUTE-23'],
    fields: ['R-VAL-01', 'R-VAL-02', 'R-VAL-04', 'R-VAL-05', 'R-VAL-08'],
    blocked: ['R-FLOW-14'],
    submit: ['R-VAL-08', 'R-DATA-06'],
    success: ['R-FLOW-18', 'R-FLOW-19', 'R-ERR-07'],
    failure: ['R-ERR-05'],
  },
});

/** Chart: [docs/statecharts/editUser.md](../../docs/statecharts/editUser.md). */
export const editUserMachine = createModalFormMachine({
  id: 'editUser',
  types: {} as { target: UserPublic; output: UserPublic },
  schema: editUserSchema,
  defaults: defaultsOf(EDIT_USER_FORM),
  requirements: {
    open: ['R-ROUTE-23'],
    close: ['R-ROUTE-23'],
    fields: ['R-VAL-01', 'R-VAL-02', 'R-VAL-05', 'R-VAL-08', 'R-FLOW-12'],
    blocked: ['R-FLOW-14'],
    submit: ['R-VAL-08', 'R-DATA-08', 'R-VAL-06'],
    success: ['R-FLOW-18', 'R-FLOW-19', 'R-ERR-07'],
    failure: ['R-ERR-05'],
  },
});

/**
 * The admin's 'Change Password' form (titled 'Edit User'), on a user or, on /items, an item (the quirk).
 * Chart: [docs/statecharts/changeUserPassword.md](../../docs/statecharts/changeUserPassword.md).
 */
export const changeUserPasswordMachine = createModalFormMachine({
  id: 'changeUserPassword',
  types: {} as { target: Pick<UserPublic, 'id'>; output: UserPublic },
  schema: setPasswordSchema,
  defaults: { password: '', confirm_password: '' },
  requirements: {
    open: ['R-ROUTE-23', 'R-ROUTE-18'],
    close: ['R-ROUTE-23'],
    fields: ['R-VAL-04', 'R-VAL-05', 'R-VAL-08'],
    blocked: ['R-FLOW-14'],
    submit: ['R-VAL-08'],
    success: ['R-FLOW-19', 'R-ERR-07'],
    failure: ['R-ERR-05'],
  },
});
