import { SimpleGrid, Stack } from '@chakra-ui/react';
import type { RefObject } from 'react';
import type { UserPublic } from '../../api/types';
import { type FormValues, fieldError } from '../../machines/form';
import type { ModalFormActor } from '../../machines/form-dialogs';
import type { AddUserValues, EditUserValues } from '../../machines/signed-in-schemas';
import { type FormBinding, type FormFields, TextField, type TextFieldName } from '../../ui/form';
import { CheckboxField, SelectField } from '../../ui/form-choice';
import { FormDialog, useFieldRefusal } from '../common/FormDialog';
import { passwordPairFields } from '../common/password-pair';
import type { addUserDialog, editUserDialog } from './form-dialogs';
import { GENDER_OPTIONS, SUBSCRIPTION_OPTIONS } from './labels';

/** Add User and Edit User: title and field labels from their descriptors (./form-dialogs.ts). */

/**
 * The admin forms' Email. Their pattern error has no message (the spec hides 'Invalid email address'
 * there), so a red border alone would not say what is wrong: the field then shows the expected form
 * as its hint.
 */
function AdminEmailField<V extends FormValues>({
  form,
  name,
  label,
}: {
  form: FormBinding<V>;
  name: TextFieldName<V>;
  label: string;
}) {
  const patternError = fieldError(form.context, name) === '';
  return (
    <TextField
      form={form}
      name={name}
      label={label}
      type="email"
      placeholder={label}
      required
      helper={patternError ? 'An e-mail address looks like name@example.com.' : undefined}
    />
  );
}

export function AddUserDialog({
  actor,
  descriptor: { screen },
}: {
  actor: ModalFormActor<AddUserValues, null, UserPublic>;
  descriptor: typeof addUserDialog;
}) {
  const refusal = useFieldRefusal(actor, 'password');
  const { labels } = screen;
  return (
    <FormDialog actor={actor} title={screen.title}>
      {(form) => {
        const field = {
          email: <AdminEmailField form={form} name="email" label={labels.email} />,
          full_name: (
            <TextField form={form} name="full_name" label={labels.full_name} placeholder={labels.full_name} />
          ),
          ...passwordPairFields(form, labels, { refusal }),
          is_superuser: <CheckboxField form={form} name="is_superuser" label={labels.is_superuser} />,
          is_active: <CheckboxField form={form} name="is_active" label={labels.is_active} />,
        } satisfies FormFields<AddUserValues>;
        return (
          <>
            {field.email}
            {field.full_name}
            {field.password}
            {field.confirm_password}
            <Stack direction={{ base: 'column', sm: 'row' }} gap={4}>
              {field.is_superuser}
              {field.is_active}
            </Stack>
          </>
        );
      }}
    </FormDialog>
  );
}

/** The admin's Edit User form, with the profile fields. An empty new password is not sent. */
export function EditUserDialog({
  actor,
  descriptor: { screen },
  returnFocusRef,
}: {
  actor: ModalFormActor<EditUserValues, UserPublic, UserPublic>;
  descriptor: typeof editUserDialog;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const refusal = useFieldRefusal(actor, 'password');
  const { labels } = screen;
  return (
    <FormDialog actor={actor} title={screen.title} returnFocusRef={returnFocusRef} wide>
      {(form) => {
        const field = {
          email: <AdminEmailField form={form} name="email" label={labels.email} />,
          full_name: (
            <TextField form={form} name="full_name" label={labels.full_name} placeholder={labels.full_name} />
          ),
          major: <TextField form={form} name="major" label={labels.major} placeholder={labels.major} />,
          phone: (
            <TextField form={form} name="phone" label={labels.phone} type="tel" placeholder={labels.phone} />
          ),
          birth_date: <TextField form={form} name="birth_date" label={labels.birth_date} type="date" />,
          gender: (
            <SelectField
              form={form}
              name="gender"
              label={labels.gender}
              options={GENDER_OPTIONS}
              placeholder="Not set"
            />
          ),
          subscription_type: (
            <SelectField
              form={form}
              name="subscription_type"
              label={labels.subscription_type}
              options={SUBSCRIPTION_OPTIONS}
            />
          ),
          ...passwordPairFields(form, labels, { required: false, refusal }),
          is_superuser: <CheckboxField form={form} name="is_superuser" label={labels.is_superuser} />,
          is_active: <CheckboxField form={form} name="is_active" label={labels.is_active} />,
          is_email_confirmed: (
            <CheckboxField form={form} name="is_email_confirmed" label={labels.is_email_confirmed} />
          ),
        } satisfies FormFields<EditUserValues>;
        return (
          <>
            {/* What an admin comes for first: the account and its three switches, then the profile. */}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
              {field.email}
              {field.full_name}
            </SimpleGrid>
            <Stack
              direction={{ base: 'column', sm: 'row' }}
              gap={{ base: 2, sm: 6 }}
              wrap="wrap"
              borderWidth="1px"
              rounded="md"
              px={3}
              py={2}
            >
              {field.is_superuser}
              {field.is_active}
              {field.is_email_confirmed}
            </Stack>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap={4}>
              {field.major}
              {field.phone}
              {field.birth_date}
              {field.gender}
              {field.subscription_type}
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
              {field.password}
              {field.confirm_password}
            </SimpleGrid>
          </>
        );
      }}
    </FormDialog>
  );
}
