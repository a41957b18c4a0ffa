import { createFileRoute, redirect } from '@tanstack/react-router';
import { isLoggedIn } from '../api/token';
import { RecoverPasswordScreen } from '../features/auth/RecoverPasswordScreen';

export const Route = createFileRoute('/recover-password')({
  beforeLoad: () => {
    if (isLoggedIn()) throw redirect({ to: '/' });
  },
  component: RecoverPasswordScreen,
});
