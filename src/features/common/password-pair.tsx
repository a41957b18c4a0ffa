import type { ReactNode } from 'react';
import type { FormValues } from '../../machines/form';
import { type FormBinding, PasswordField, type TextFieldName } from '../../ui/form';

/** The labels of a described form's new-password pair (from its descriptor's `labels`). */
export interface PasswordPairLabels {
  password: string;
  confirm_password: string;
}

/**
 * A described dialog's new password and its confirmation, labelled as its descriptor says (the admin's
 * Add User, Edit User and Change Password). `ui/form`'s `newPasswordFields` is the same pair with fixed
 * labels for the public and settings forms, left as it is: src/ui/form.tsx is in the code /login loads,
 * which is at its budget (tests/budget).
 */
export function passwordPairFields<V extends FormValues & { password: string; confirm_password: string }>(
  form: FormBinding<V>,
  labels: PasswordPairLabels,
  { required = true, refusal }: { required?: boolean; refusal?: string | null } = {},
): Record<'password' | 'confirm_password', ReactNode> {
  // Text fields of every form with the pair (V's constraint), which a generic V does not show.
  const password = 'password' as TextFieldName<V>;
  const confirm = 'confirm_password' as TextFieldName<V>;
  return {
    password: (
      <PasswordField
        form={form}
        name={password}
        label={labels.password}
        placeholder={labels.password}
        autoComplete="new-password"
        required={required}
        extraError={refusal}
      />
    ),
    confirm_password: (
      <PasswordField
        form={form}
        name={confirm}
        label={labels.confirm_password}
        placeholder={labels.confirm_password}
        autoComplete="new-password"
        required={required}
      />
    ),
  };
}
