import { createFileRoute, redirect } from '@tanstack/react-router';
import { isLoggedIn } from '../api/token';
import { SignupScreen } from '../features/auth/SignupScreen';

export const Route = createFileRoute('/signup')({
  beforeLoad: () => {
    if (isLoggedIn()) throw redirect({ to: '/' });
  },
  component: SignupScreen,
});
