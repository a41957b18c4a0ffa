import { Button, Text } from '@chakra-ui/react';
import { getRouteApi, Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resetPassword } from '../../api/services';
import { resetPasswordMachine } from '../../machines/flows';
import { fieldRefusal } from '../../machines/refusals';
import { NewPasswordFields, PrimaryButton } from '../../ui/form';
import { showSuccess } from '../../ui/toaster';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';
import { AuthHeading, AuthLayout } from './AuthLayout';
import { resetPasswordPayload } from './payload';

const route = getRouteApi('/reset-password');

/** Opened without the e-mail's token: no form can succeed, so say so and offer a new link. */
function MissingToken() {
  return (
    <AuthLayout>
      <AuthHeading title="Reset Password" />
      <Text textAlign="center" role="alert">
        This password reset link is invalid: it has no reset token. Use the link from the e-mail we sent you,
        or ask for a new one.
      </Text>
      <Button asChild variant="solid" colorPalette="teal">
        <RouterLink to="/recover-password">Request a new link</RouterLink>
      </Button>
    </AuthLayout>
  );
}

// Here, not in ./login-email beside the hook that reads it: /login would load it for nothing.
/** The address a reset token was issued for (`sub`), unchecked: it only fills in the login form. */
export function resetTokenEmail(token: string): string | undefined {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub.includes('@') ? sub : undefined;
  } catch {
    return undefined;
  }
}

export function ResetPasswordScreen() {
  const { token } = route.useSearch();
  const navigate = useNavigate();
  const [state, send] = useMachine(
    resetPasswordMachine.provide({
      actors: {
        submit: fromPromise(({ input, signal }) =>
          resetPassword(resetPasswordPayload(input.values, token), signal),
        ),
      },
      actions: {
        onSuccess: () => {
          showSuccess('Success!', 'Password updated successfully.');
          void navigate({ to: '/login', state: { loginEmail: resetTokenEmail(token ?? '') } });
        },
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );
  const form = { context: state.context, send };

  if (!token) return <MissingToken />;
  return (
    <AuthLayout onSubmit={() => send({ type: 'form.submit' })}>
      <AuthHeading title="Reset Password" />
      <Text textAlign="center">Please enter your new password and confirm it to reset your password.</Text>
      <NewPasswordFields
        form={form}
        name="new_password"
        refusal={fieldRefusal(state.matches('failed'), state.context.error, 'new_password')}
      />
      <PrimaryButton type="submit" loading={state.matches('submitting')}>
        Reset Password
      </PrimaryButton>
    </AuthLayout>
  );
}
