import { Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { errorMessage } from '../../api/errors';
import { retryKeys } from '../../api/retry-keys';
import { registerUser } from '../../api/services';
import { signupMachine } from '../../machines/flows';
import { fieldRefusal } from '../../machines/refusals';
import { PrimaryButton } from '../../ui/form';
import { showError, showSuccess } from '../../ui/toaster';
import { inspect } from '../app/inspect';
import { AuthHeading, AuthLayout, AuthLink, AuthPasswordField, AuthTextField } from './AuthLayout';
import { signupPayload } from './payload';

export function SignupScreen() {
  const navigate = useNavigate();
  // A signup sent again after its answer was lost is answered with the account it made, not 'already registered'.
  const [keys] = useState(retryKeys);
  const [state, send] = useMachine(
    signupMachine.provide({
      actors: {
        submit: fromPromise(async ({ input: { values }, signal }) => {
          const body = signupPayload(values);
          const user = await registerUser(body, { key: keys.keyFor(body), signal });
          keys.done();
          return user;
        }),
      },
      actions: {
        onSuccess: ({ context }) => {
          showSuccess('Account created.', 'Your account has been created successfully.');
          void navigate({ to: '/login', state: { loginEmail: context.values.email } });
        },
        onFailure: ({ context }) => showError('Something went wrong.', errorMessage(context.error)),
      },
    }),
    { inspect },
  );
  const form = { context: state.context, send };

  return (
    <AuthLayout onSubmit={() => send({ type: 'form.submit' })}>
      <AuthHeading title="Sign Up" />
      <AuthTextField form={form} name="full_name" label="Full name" autoComplete="name" />
      <AuthTextField form={form} name="email" label="Email" type="email" autoComplete="email" />
      <AuthPasswordField
        form={form}
        name="password"
        label="Password"
        autoComplete="new-password"
        extraError={fieldRefusal(state.matches('failed'), state.context.error, 'password')}
      />
      <AuthPasswordField
        form={form}
        name="confirm_password"
        label="Confirm Password"
        // The template's specs find this field by 'Repeat Password'.
        placeholder="Repeat Password"
        autoComplete="new-password"
      />
      <PrimaryButton type="submit" loading={state.matches('submitting')}>
        Sign Up
      </PrimaryButton>
      <Text textAlign="center">
        Already have an account?{' '}
        <AuthLink>
          <RouterLink to="/login">Log In</RouterLink>
        </AuthLink>
      </Text>
    </AuthLayout>
  );
}
