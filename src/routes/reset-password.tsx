import { createFileRoute, redirect } from '@tanstack/react-router';
import { isLoggedIn } from '../api/token';
import { ResetPasswordScreen } from '../features/auth/ResetPasswordScreen';
import { resetPasswordSearchSchema } from '../ui/search';

export const Route = createFileRoute('/reset-password')({
  validateSearch: resetPasswordSearchSchema,
  beforeLoad: () => {
    if (isLoggedIn()) throw redirect({ to: '/' });
  },
  component: ResetPasswordScreen,
});
