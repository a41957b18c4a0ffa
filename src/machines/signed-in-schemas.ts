import * as v from 'valibot';
import { GENDERS, SUBSCRIPTION_TYPES } from '../../openapi/enums';
import { EMAIL_PATTERN, email, MIN_PASSWORD, MSG, matching, newPassword } from './schemas';

/** The signed-in forms' schemas (settings, items, admin), built from the shared rules in ./schemas.ts. */

/** Admin forms refuse a malformed e-mail (the field turns invalid) but show no message for it. */
const adminEmail = v.pipe(v.string(), v.nonEmpty(MSG.emailRequired), v.regex(EMAIL_PATTERN, ''));

const changePasswordSchemaFields = v.object({
  current_password: v.pipe(v.string(), v.nonEmpty(MSG.passwordRequired)),
  new_password: newPassword,
  confirm_password: v.pipe(v.string(), v.nonEmpty(MSG.confirmRequired)),
});
export const changePasswordSchema = v.pipe(
  changePasswordSchemaFields,
  matching<v.InferOutput<typeof changePasswordSchemaFields>>('new_password', 'confirm_password'),
);

export const profileSchema = v.object({
  full_name: v.pipe(v.string(), v.maxLength(30, MSG.fullNameMax)),
  email,
});

/** An item's optional stock-keeping unit: at most 255 characters, as the API's `sku`. */
const sku = v.pipe(v.string(), v.maxLength(255, 'SKU must be at most 255 characters'));

export const addItemSchema = v.object({
  title: v.pipe(v.string(), v.nonEmpty('Title is required.')),
  description: v.string(),
  sku,
});

export const editItemSchema = v.object({
  title: v.pipe(v.string(), v.nonEmpty('Title is required')),
  description: v.string(),
  sku,
});

const addUserSchemaFields = v.object({
  email: adminEmail,
  full_name: v.string(),
  password: newPassword,
  confirm_password: v.pipe(v.string(), v.nonEmpty(MSG.confirmRequiredAdmin)),
  is_superuser: v.boolean(),
  is_active: v.boolean(),
});
export const addUserSchema = v.pipe(
  addUserSchemaFields,
  matching<v.InferOutput<typeof addUserSchemaFields>>('password', 'confirm_password'),
);

const editUserSchemaFields = v.object({
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
    v.check((value) => value === '' || value.length >= MIN_PASSWORD, MSG.passwordMin),
  ),
  confirm_password: v.string(),
});
export const editUserSchema = v.pipe(
  editUserSchemaFields,
  matching<v.InferOutput<typeof editUserSchemaFields>>('password', 'confirm_password'),
);

const setPasswordSchemaFields = v.object({
  password: newPassword,
  confirm_password: v.pipe(v.string(), v.nonEmpty(MSG.confirmRequiredAdmin)),
});
export const setPasswordSchema = v.pipe(
  setPasswordSchemaFields,
  matching<v.InferOutput<typeof setPasswordSchemaFields>>('password', 'confirm_password'),
);

export type ItemValues = v.InferInput<typeof addItemSchema>;
export type AddUserValues = v.InferInput<typeof addUserSchema>;
export type EditUserValues = v.InferInput<typeof editUserSchema>;
export type SetPasswordValues = v.InferInput<typeof setPasswordSchema>;
