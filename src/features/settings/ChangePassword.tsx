import { Box, Heading, Stack } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { updatePasswordMe } from '../../api/services';
import { fieldRefusal } from '../../machines/refusals';
import { changePasswordMachine } from '../../machines/signed-in-flows';
import { saveThenFocusError } from '../../ui/focus-error';
import { NewPasswordFields, PasswordField, PrimaryButton } from '../../ui/form';
import { showSuccess } from '../../ui/toaster';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';
import { changePasswordPayload } from './payload';

export function ChangePassword() {
  const [state, send] = useMachine(
    changePasswordMachine.provide({
      actors: {
        submit: fromPromise(({ input, signal }) =>
          updatePasswordMe(changePasswordPayload(input.values), signal),
        ),
      },
      actions: {
        onSuccess: () => showSuccess('Success!', 'Password updated successfully.'),
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );
  const form = { context: state.context, send };
  const failed = state.matches('failed');

  return (
    <Box w={{ base: 'full', md: '50%' }} py={4}>
      <Heading as="h2" size="sm" py={4}>
        Change Password
      </Heading>
      <form onSubmit={saveThenFocusError(() => send({ type: 'form.submit' }))} noValidate>
        <Stack gap={4} maxW="sm">
          <PasswordField
            form={form}
            name="current_password"
            label="Current Password"
            placeholder="Password"
            autoComplete="current-password"
            required
            extraError={fieldRefusal(failed, state.context.error, 'current_password')}
          />
          <NewPasswordFields
            form={form}
            name="new_password"
            refusal={fieldRefusal(failed, state.context.error, 'new_password')}
          />
          <PrimaryButton type="submit" alignSelf="flex-start" mt={2} loading={state.matches('submitting')}>
            Save
          </PrimaryButton>
        </Stack>
      </form>
    </Box>
  );
}
