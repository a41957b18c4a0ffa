import { Heading, Text } from '@chakra-ui/react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resetPassword } from '../../api/services';
import { resetPasswordMachine } from '../../machines/flows';
import { NewPasswordFields, PrimaryButton } from '../../ui/form';
import { showSuccess } from '../../ui/toaster';
import { toastError } from '../app/errors';
import { AuthLayout } from './AuthLayout';

const route = getRouteApi('/reset-password');

export function ResetPasswordScreen() {
  const { token } = route.useSearch();
  const navigate = useNavigate();
  const [state, send] = useMachine(
    resetPasswordMachine.provide({
      actors: {
        submit: fromPromise(({ input }) =>
          resetPassword({ new_password: String(input.values.new_password), token }),
        ),
      },
      actions: {
        onSuccess: () => {
          showSuccess('Success!', 'Password updated successfully.');
          void navigate({ to: '/login' });
        },
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
  );
  const form = { context: state.context, send };

  return (
    <AuthLayout onSubmit={() => send({ type: 'form.submit' })}>
      <Heading as="h1" size="xl" color="teal.fg" textAlign="center" mb={2}>
        Reset Password
      </Heading>
      <Text textAlign="center">Please enter your new password and confirm it to reset your password.</Text>
      <NewPasswordFields form={form} name="new_password" />
      <PrimaryButton type="submit" loading={state.matches('submitting')}>
        Reset Password
      </PrimaryButton>
    </AuthLayout>
  );
}
