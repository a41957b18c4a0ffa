import * as v from 'valibot';
import { ITEM_FIELDS, USER_FIELDS } from '../../openapi/fields';
import { PASSWORD_MIN } from '../../openapi/limits';
import { declaredEntries, declaredForm } from './declared';
import { confirmation, EMAIL_PATTERN, MSG, newPassword, withConfirmation } from './schemas';

/** The signed-in forms' schemas (settings, items, admin), built from the shared rules in ./schemas.ts. */

/** Admin forms refuse a malformed e-mail (the field turns invalid) but show no message for it. */
const adminEmail = v.pipe(v.string(), v.nonEmpty(MSG.emailRequired), v.regex(EMAIL_PATTERN, ''));

export const changePasswordSchema = withConfirmation(
  {
    current_password: v.pipe(v.string(), v.nonEmpty(MSG.passwordRequired)),
    new_password: newPassword,
    confirm_password: confirmation(MSG.confirmRequired),
  },
  'new_password',
);

/** The forms of declared fields (openapi/fields.ts): their rules are derived, the spec's own texts added. */
export const PROFILE_FORM = declaredForm(USER_FIELDS, 'profile', ['full_name']);
export const ITEM_FORM = declaredForm(ITEM_FIELDS, 'item');
export const ADD_USER_FORM = declaredForm(USER_FIELDS, 'addUser');
export const EDIT_USER_FORM = declaredForm(USER_FIELDS, 'editUser');
export const SET_PASSWORD_FORM = declaredForm(USER_FIELDS, 'setPassword');

export const profileSchema = v.object(
  declaredEntries(PROFILE_FORM, {
    required: { email: MSG.emailRequired },
    rules: { full_name: v.pipe(v.string(), v.maxLength(30, MSG.fullNameMax)) },
  }),
);

/** Add Item and Edit Item: the same fields; the spec ends Add Item's title message with a full stop. */
const itemSchema = (titleRequired: string) =>
  v.object(declaredEntries(ITEM_FORM, { required: { title: titleRequired } }));

export const addItemSchema = itemSchema('Title is required.');
export const editItemSchema = itemSchema('Title is required');

/** The admin's new password for a user (Add User, Change Password): required, and confirmed. */
const adminPassword = (confirmRequired: string) => ({
  password: newPassword,
  confirm_password: confirmation(confirmRequired),
});

export const addUserSchema = withConfirmation(
  declaredEntries(ADD_USER_FORM, {
    // The spec reserves 'Please confirm your password' for admin create.
    rules: { email: adminEmail, ...adminPassword(MSG.confirmRequiredAdmin) },
  }),
  'password',
);

export const editUserSchema = withConfirmation(
  declaredEntries(EDIT_USER_FORM, {
    rules: {
      email: adminEmail,
      password: v.pipe(
        v.string(),
        v.check((value) => value === '' || value.length >= PASSWORD_MIN, MSG.passwordMin),
      ),
      confirm_password: v.string(),
    },
  }),
  'password',
);

/** Change Password (titled 'Edit User'): an empty confirmation is 'Password confirmation is required'. */
export const setPasswordSchema = withConfirmation(adminPassword(MSG.confirmRequired), 'password');

export type ProfileValues = v.InferInput<typeof profileSchema>;
export type ChangePasswordValues = v.InferInput<typeof changePasswordSchema>;
export type ItemValues = v.InferInput<typeof addItemSchema>;
export type AddUserValues = v.InferInput<typeof addUserSchema>;
export type EditUserValues = v.InferInput<typeof editUserSchema>;
export type SetPasswordValues = v.InferInput<typeof setPasswordSchema>;
