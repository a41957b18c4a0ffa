import { Heading, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { recoverPassword } from '../../api/services';
import { recoverPasswordMachine } from '../../machines/flows';
import { PrimaryButton, TextField } from '../../ui/form';
import { PageTitle } from '../../ui/PageTitle';
import { showSuccess } from '../../ui/toaster';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';
import { AuthLayout } from './AuthLayout';

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
      <PageTitle title="Password Recovery" />
      <Heading as="h1" size="xl" color="teal.fg" textAlign="center" mb={2}>
        Password Recovery
      </Heading>
      <Text textAlign="center">A password recovery email will be sent to the registered account.</Text>
      <TextField
        form={form}
        name="email"
        label="Email"
        hideLabel
        type="email"
        placeholder="Email"
        autoComplete="email"
        required
      />
      <PrimaryButton type="submit" loading={state.matches('submitting')}>
        Continue
      </PrimaryButton>
    </AuthLayout>
  );
}
