import * as v from 'valibot';
import { GENDERS, SUBSCRIPTION_TYPES } from '../../openapi/enums';
import { PASSWORD_MIN, TEXT_MAX } from '../../openapi/limits';
import { confirmation, EMAIL_PATTERN, email, MSG, newPassword, withConfirmation } from './schemas';

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

export const profileSchema = v.object({
  full_name: v.pipe(v.string(), v.maxLength(30, MSG.fullNameMax)),
  email,
});

/** An item's optional stock-keeping unit: at most the API's limit for `sku` (255 characters). */
const sku = v.pipe(v.string(), v.maxLength(TEXT_MAX, `SKU must be at most ${TEXT_MAX} characters`));

/** Add Item and Edit Item: the same fields; the spec ends Add Item's title message with a full stop. */
const itemSchema = (titleRequired: string) =>
  v.object({ title: v.pipe(v.string(), v.nonEmpty(titleRequired)), description: v.string(), sku });

export const addItemSchema = itemSchema('Title is required.');
export const editItemSchema = itemSchema('Title is required');

/** The admin's new password for a user (Add User, Change Password): required, and confirmed. */
const adminPassword = (confirmRequired: string) => ({
  password: newPassword,
  confirm_password: confirmation(confirmRequired),
});

export const addUserSchema = withConfirmation(
  {
    email: adminEmail,
    full_name: v.string(),
    // The spec reserves 'Please confirm your password' for admin create.
    ...adminPassword(MSG.confirmRequiredAdmin),
    is_superuser: v.boolean(),
    is_active: v.boolean(),
  },
  'password',
);

export const editUserSchema = withConfirmation(
  {
    email: adminEmail,
    full_name: v.string(),
    major: v.string(),
    phone: v.string(),
    birth_date: v.pipe(
      v.string(),
      v.check((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), 'Invalid date'),
    ),
    gender: v.picklist(['', ...GENDERS]),
    subscription_type: v.picklist(SUBSCRIPTION_TYPES),
    is_superuser: v.boolean(),
    is_active: v.boolean(),
    is_email_confirmed: v.boolean(),
    password: v.pipe(
      v.string(),
      v.check((value) => value === '' || value.length >= PASSWORD_MIN, MSG.passwordMin),
    ),
    confirm_password: v.string(),
  },
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
