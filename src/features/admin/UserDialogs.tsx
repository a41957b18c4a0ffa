import { SimpleGrid, Stack } from '@chakra-ui/react';
import type { RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import { type FormValues, fieldError } from '../../machines/form';
import type { addUserMachine, editUserMachine } from '../../machines/signed-in-flows';
import type { AddUserValues, EditUserValues } from '../../machines/signed-in-schemas';
import {
  type FormBinding,
  type FormFields,
  newPasswordFields,
  TextField,
  type TextFieldName,
} from '../../ui/form';
import { CheckboxField, SelectField } from '../../ui/form-choice';
import { FormDialog, useFieldRefusal } from '../common/FormDialog';
import { GENDER_OPTIONS, SUBSCRIPTION_OPTIONS } from './labels';

/**
 * The admin forms' Email. Their pattern error has no message (the spec hides 'Invalid email address'
 * there), so a red border alone would not say what is wrong: the field then shows the expected form
 * as its hint.
 */
function AdminEmailField<V extends FormValues>({
  form,
  name,
}: {
  form: FormBinding<V>;
  name: TextFieldName<V>;
}) {
  const patternError = fieldError(form.context, name) === '';
  return (
    <TextField
      form={form}
      name={name}
      label="Email"
      type="email"
      placeholder="Email"
      required
      helper={patternError ? 'An e-mail address looks like name@example.com.' : undefined}
    />
  );
}

export function AddUserDialog({ actor }: { actor: ActorRefFrom<typeof addUserMachine> }) {
  const refusal = useFieldRefusal(actor, 'password');
  return (
    <FormDialog actor={actor} title="Add User">
      {(form) => {
        const field = {
          email: <AdminEmailField form={form} name="email" />,
          full_name: <TextField form={form} name="full_name" label="Full name" placeholder="Full name" />,
          ...newPasswordFields(form, 'password', { refusal }),
          is_superuser: <CheckboxField form={form} name="is_superuser" label="Is superuser?" />,
          is_active: <CheckboxField form={form} name="is_active" label="Is active?" />,
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
  returnFocusRef,
}: {
  actor: ActorRefFrom<typeof editUserMachine>;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const refusal = useFieldRefusal(actor, 'password');
  return (
    <FormDialog actor={actor} title="Edit User" returnFocusRef={returnFocusRef} wide>
      {(form) => {
        const field = {
          email: <AdminEmailField form={form} name="email" />,
          full_name: <TextField form={form} name="full_name" label="Full name" placeholder="Full name" />,
          major: <TextField form={form} name="major" label="Major" placeholder="Major" />,
          phone: <TextField form={form} name="phone" label="Phone" type="tel" placeholder="Phone" />,
          birth_date: <TextField form={form} name="birth_date" label="Birth date" type="date" />,
          gender: (
            <SelectField
              form={form}
              name="gender"
              label="Gender"
              options={GENDER_OPTIONS}
              placeholder="Not set"
            />
          ),
          subscription_type: (
            <SelectField
              form={form}
              name="subscription_type"
              label="Subscription type"
              options={SUBSCRIPTION_OPTIONS}
            />
          ),
          ...newPasswordFields(form, 'password', { required: false, refusal }),
          is_superuser: <CheckboxField form={form} name="is_superuser" label="Is superuser?" />,
          is_active: <CheckboxField form={form} name="is_active" label="Is active?" />,
          is_email_confirmed: (
            <CheckboxField form={form} name="is_email_confirmed" label="Is e-mail confirmed?" />
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
