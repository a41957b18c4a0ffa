import { createFileRoute, redirect } from '@tanstack/react-router';
import { isLoggedIn } from '../api/token';
import { AppLayout } from '../features/layout/AppLayout';

export const Route = createFileRoute('/_layout')({
  beforeLoad: () => {
    if (!isLoggedIn()) throw redirect({ to: '/login' });
  },
  component: AppLayout,
});
