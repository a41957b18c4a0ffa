import { createFileRoute, redirect } from '@tanstack/react-router';
import { isLoggedIn } from '../api/token';
import { LoginScreen } from '../features/auth/LoginScreen';

export const Route = createFileRoute('/login')({
  beforeLoad: () => {
    if (isLoggedIn()) throw redirect({ to: '/' });
  },
  component: LoginScreen,
});
