import { Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { recoverPassword } from '../../api/services';
import { recoverPasswordMachine } from '../../machines/flows';
import { PrimaryButton } from '../../ui/form';
import { showSuccess } from '../../ui/toaster';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';
import { AuthHeading, AuthLayout, AuthTextField } from './AuthLayout';

export function RecoverPasswordScreen() {
  // Where the last link went: the form is emptied on success, the toast goes, this stays.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [state, send] = useMachine(
    recoverPasswordMachine.provide({
      actors: {
        submit: fromPromise(async ({ input, signal }) => {
          const answer = await recoverPassword(input.values.email, signal);
          setSentTo(input.values.email);
          return answer;
        }),
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
      {sentTo && (
        <Text role="status" fontSize="sm" color="fg.muted" textAlign="center" overflowWrap="anywhere">
          If {sentTo} is registered, we sent a password recovery link there.
        </Text>
      )}
    </AuthLayout>
  );
}
