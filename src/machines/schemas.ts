import * as v from 'valibot';
import { GENDERS, SUBSCRIPTION_TYPES } from '../../openapi/enums';

/** One valibot schema per form: the product's field rules and its error messages, letter for letter. */

export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;
export const MIN_PASSWORD = 8;

const MSG = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  usernameRequired: 'Username is required',
  fullNameRequired: 'Full Name is required',
  fullNameMin: 'Full Name must be at least 3 characters',
  fullNameMax: 'Full Name must be at most 30 characters',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  confirmRequired: 'Password confirmation is required',
  confirmRequiredAdmin: 'Please confirm your password',
  mismatch: 'The passwords do not match',
} as const;

const email = v.pipe(v.string(), v.nonEmpty(MSG.emailRequired), v.regex(EMAIL_PATTERN, MSG.emailInvalid));
/** Admin forms refuse a malformed e-mail (the field turns invalid) but show no message for it. */
const adminEmail = v.pipe(v.string(), v.nonEmpty(MSG.emailRequired), v.regex(EMAIL_PATTERN, ''));
const newPassword = v.pipe(
  v.string(),
  v.nonEmpty(MSG.passwordRequired),
  v.minLength(MIN_PASSWORD, MSG.passwordMin),
);

/** 'The passwords do not match', reported on the confirmation field. */
function matching<T extends Record<string, unknown>>(
  password: keyof T & string,
  confirm: keyof T & string,
): v.BaseValidation<T, T, v.CheckIssue<T>> {
  const check = v.check<T, string>((input) => input[password] === input[confirm], MSG.mismatch);
  return v.forward(check, [confirm] as never);
}

export const loginSchema = v.object({
  username: v.pipe(v.string(), v.nonEmpty(MSG.usernameRequired), v.regex(EMAIL_PATTERN, MSG.emailInvalid)),
  password: v.pipe(v.string(), v.nonEmpty(MSG.passwordRequired)),
});

const signupSchemaFields = v.object({
  full_name: v.pipe(v.string(), v.nonEmpty(MSG.fullNameRequired), v.minLength(3, MSG.fullNameMin)),
  email,
  password: newPassword,
  confirm_password: v.pipe(v.string(), v.nonEmpty(MSG.confirmRequired)),
});
export const signupSchema = v.pipe(
  signupSchemaFields,
  matching<v.InferOutput<typeof signupSchemaFields>>('password', 'confirm_password'),
);

export const recoverPasswordSchema = v.object({ email });

const resetPasswordSchemaFields = v.object({
  new_password: newPassword,
  confirm_password: v.pipe(v.string(), v.nonEmpty(MSG.confirmRequired)),
});
export const resetPasswordSchema = v.pipe(
  resetPasswordSchemaFields,
  matching<v.InferOutput<typeof resetPasswordSchemaFields>>('new_password', 'confirm_password'),
);

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

export type FormSchema = v.GenericSchema<unknown, unknown>;
