import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { loginErrorMessage } from '../../api/errors';
import { loginMachine } from '../../machines/flows';
import { fieldError } from '../../machines/form';
import { PrimaryButton } from '../../ui/form';
import { PageTitle } from '../../ui/PageTitle';
import { useSessionActor } from '../app/context';
import { inspect } from '../app/inspect';
import { AuthLayout, AuthPasswordField, AuthTextField } from './AuthLayout';

export function LoginScreen() {
  const session = useSessionActor();
  const navigate = useNavigate();
  const [state, send] = useMachine(
    loginMachine.provide({
      actors: {
        // The API client loads with the first submit: the screen itself does not need it, and it
        // would count towards /login's JavaScript budget (ARCHITECTURE.md).
        submit: fromPromise(async ({ input }) => {
          const { loginAccessToken } = await import('../../api/services');
          const { username, password } = input.values;
          return loginAccessToken({ username, password });
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

  return (
    <AuthLayout onSubmit={() => send({ type: 'form.submit' })}>
      <PageTitle title="Log In" />
      <AuthTextField
        form={form}
        name="username"
        label="Email"
        type="email"
        autoComplete="username"
        // The spec's message says 'Username'; the field is the e-mail: say that they are one.
        helper={fieldError(state.context, 'username') ? 'Your username is your e-mail address.' : undefined}
      />
      <AuthPasswordField
        form={form}
        name="password"
        label="Password"
        autoComplete="current-password"
        extraError={failure}
      />
      <Link asChild color="teal.fg" alignSelf="flex-start">
        <RouterLink to="/recover-password">Forgot password?</RouterLink>
      </Link>
      <PrimaryButton type="submit" loading={state.matches('submitting')}>
        Log In
      </PrimaryButton>
      <Text textAlign="center">
        Don't have an account?{' '}
        <Link asChild color="teal.fg">
          <RouterLink to="/signup">Sign up</RouterLink>
        </Link>
      </Text>
    </AuthLayout>
  );
}
