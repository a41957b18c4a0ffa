import { Box, SimpleGrid, Stack } from '@chakra-ui/react';
import type { RefObject } from 'react';
import { fieldError } from '../../machines/form';
import type { ModalFormActor } from '../../machines/form-dialogs';
import { type FormBinding, NewPasswordFields, TextField } from '../../ui/form';
import { CheckboxField, SelectField } from '../../ui/form-choice';
import { FormDialog } from '../common/FormDialog';
import { GENDER_OPTIONS, SUBSCRIPTION_OPTIONS } from './labels';

/**
 * The admin forms' Email. Their pattern error has no message (the spec hides 'Invalid email address'
 * there), so a red border alone would not say what is wrong: the field then shows the expected form
 * as its hint.
 */
function AdminEmailField({ form }: { form: FormBinding }) {
  const patternError = fieldError(form.context, 'email') === '';
  return (
    <TextField
      form={form}
      name="email"
      label="Email"
      type="email"
      placeholder="Email"
      required
      helper={patternError ? 'An e-mail address looks like name@example.com.' : undefined}
    />
  );
}

export function AddUserDialog({ actor }: { actor: ModalFormActor }) {
  return (
    <FormDialog actor={actor} title="Add User">
      {(form) => (
        <>
          <AdminEmailField form={form} />
          <TextField form={form} name="full_name" label="Full name" placeholder="Full name" />
          <NewPasswordFields form={form} name="password" />
          <Stack direction={{ base: 'column', sm: 'row' }} gap={4}>
            <CheckboxField form={form} name="is_superuser" label="Is superuser?" />
            <CheckboxField form={form} name="is_active" label="Is active?" />
          </Stack>
        </>
      )}
    </FormDialog>
  );
}

/** The admin's Edit User form, with the profile fields. An empty new password is not sent. */
export function EditUserDialog({
  actor,
  returnFocusRef,
}: {
  actor: ModalFormActor;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <FormDialog actor={actor} title="Edit User" returnFocusRef={returnFocusRef}>
      {(form) => (
        <>
          <AdminEmailField form={form} />
          <TextField form={form} name="full_name" label="Full name" placeholder="Full name" />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap={4}>
            <TextField form={form} name="major" label="Major" placeholder="Major" />
            <TextField form={form} name="phone" label="Phone" type="tel" placeholder="Phone" />
            <TextField form={form} name="birth_date" label="Birth date" type="date" />
            <SelectField
              form={form}
              name="gender"
              label="Gender"
              options={GENDER_OPTIONS}
              placeholder="Not set"
            />
          </SimpleGrid>
          <SelectField
            form={form}
            name="subscription_type"
            label="Subscription type"
            options={SUBSCRIPTION_OPTIONS}
          />
          <NewPasswordFields form={form} name="password" required={false} />
          <Box>
            <Stack direction={{ base: 'column', sm: 'row' }} gap={4} wrap="wrap">
              <CheckboxField form={form} name="is_superuser" label="Is superuser?" />
              <CheckboxField form={form} name="is_active" label="Is active?" />
              <CheckboxField form={form} name="is_email_confirmed" label="Is e-mail confirmed?" />
            </Stack>
          </Box>
        </>
      )}
    </FormDialog>
  );
}
