import { Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { recoverPassword } from '../../api/services';
import { recoverPasswordMachine } from '../../machines/flows';
import { PrimaryButton } from '../../ui/form';
import { showSuccess } from '../../ui/toaster';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';
import { AuthHeading, AuthLayout, AuthTextField } from './AuthLayout';

export function RecoverPasswordScreen() {
  const [state, send] = useMachine(
    recoverPasswordMachine.provide({
      actors: {
        submit: fromPromise(({ input }) => recoverPassword(input.values.email)),
      },
      actions: {
        onSuccess: () =>
          showSuccess('Email sent.', 'We sent an email with a link to get back into your account.'),
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );
  const form = { context: state.context, send };

  return (
    <AuthLayout onSubmit={() => send({ type: 'form.submit' })}>
      <AuthHeading title="Password Recovery" />
      <Text textAlign="center">A password recovery email will be sent to the registered account.</Text>
      <AuthTextField form={form} name="email" label="Email" type="email" autoComplete="email" />
      <PrimaryButton type="submit" loading={state.matches('submitting')}>
        Continue
      </PrimaryButton>
    </AuthLayout>
  );
}
