import type { Gender, SubscriptionType, UserPublic, UserUpdate } from '../../api/types';
import type { FormValues } from '../../machines/form';
import { orNull, text } from '../common/form-values';

/** Form values ↔ API bodies of the admin user forms. */

export function editUserValues(user: UserPublic): FormValues {
  return {
    email: user.email,
    full_name: user.full_name ?? '',
    major: user.major ?? '',
    phone: user.phone ?? '',
    birth_date: user.birth_date ?? '',
    gender: user.gender ?? '',
    subscription_type: user.subscription_type,
    is_superuser: user.is_superuser,
    is_active: user.is_active,
    is_email_confirmed: user.is_email_confirmed,
    password: '',
    confirm_password: '',
  };
}

/** The PATCH body of the Edit User form; an empty password is dropped. */
export function editUserPayload(values: FormValues): UserUpdate {
  const body: UserUpdate = {
    email: text(values.email),
    full_name: text(values.full_name),
    major: orNull(values.major),
    phone: orNull(values.phone),
    birth_date: orNull(values.birth_date),
    gender: orNull(values.gender) as Gender | null,
    subscription_type: text(values.subscription_type) as SubscriptionType,
    is_superuser: values.is_superuser === true,
    is_active: values.is_active === true,
    is_email_confirmed: values.is_email_confirmed === true,
  };
  const password = text(values.password);
  if (password !== '') body.password = password;
  return body;
}
