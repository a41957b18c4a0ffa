import { Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { loginErrorMessage } from '../../api/errors';
import { fieldError } from '../../machines/form';
import { loginMachine } from '../../machines/login-flow';
import { MSG } from '../../machines/login-schema';
import { PrimaryButton } from '../../ui/form';
import { useSessionActor } from '../app/context';
import { inspect } from '../app/inspect';
import { AuthHeading, AuthLayout, AuthLink, AuthPasswordField, AuthTextField } from './AuthLayout';
import { useLoginEmail } from './login-email';

export function LoginScreen() {
  const session = useSessionActor();
  const navigate = useNavigate();
  const [state, send] = useMachine(
    loginMachine.provide({
      actors: {
        // The API client and the body builder load with the first submit: the screen itself does not
        // need them, and they would count towards /login's JavaScript budget (ARCHITECTURE.md).
        submit: fromPromise(async ({ input }) => {
          const [{ loginAccessToken }, { loginPayload }] = await Promise.all([
            import('../../api/services'),
            import('./payload'),
          ]);
          return loginAccessToken(loginPayload(input.values));
        }),
      },
      actions: {
        onSuccess: ({ context }) => {
          if (context.output) session.send({ type: 'session.login', token: context.output.access_token });
          void navigate({ to: '/' });
        },
      },
    }),
    { inspect },
  );
  const form = { context: state.context, send };
  const failure = state.matches('failed') ? loginErrorMessage(state.context.error) : null;
  // After signup or a password reset the form starts with the account's address; the password is next.
  const handedEmail = useLoginEmail();
  useEffect(() => {
    if (handedEmail) send({ type: 'form.change', field: 'username', value: handedEmail });
  }, [handedEmail, send]);

  return (
    <AuthLayout onSubmit={() => send({ type: 'form.submit' })}>
      <AuthHeading title="Log In" />
      <AuthTextField
        form={form}
        name="username"
        // The template's specs find the username field as the e-mail, by test id too.
        data-testid="email-input"
        label="Email"
        type="email"
        autoComplete="username"
        // The spec's message says 'Username'; the field is the e-mail: a hint under it says they are one.
        errorHint={
          fieldError(state.context, 'username') === MSG.usernameRequired
            ? 'Your username is your e-mail address.'
            : undefined
        }
      />
      <AuthPasswordField
        form={form}
        name="password"
        label="Password"
        autoComplete="current-password"
        autoFocus={handedEmail !== undefined}
        extraError={failure}
      />
      <AuthLink alignSelf="flex-start">
        <RouterLink to="/recover-password">Forgot password?</RouterLink>
      </AuthLink>
      <PrimaryButton type="submit" loading={state.matches('submitting')}>
        Log In
      </PrimaryButton>
      <Text textAlign="center">
        Don't have an account?{' '}
        <AuthLink>
          <RouterLink to="/signup">Sign Up</RouterLink>
        </AuthLink>
      </Text>
    </AuthLayout>
  );
}
