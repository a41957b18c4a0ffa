import { createFileRoute, redirect } from '@tanstack/react-router';
import { isLoggedIn } from '../api/token';
import { AppLayout } from '../features/layout/AppLayout';
import { PageSpinner } from '../ui/fallbacks';

export const Route = createFileRoute('/_layout')({
  beforeLoad: () => {
    if (!isLoggedIn()) throw redirect({ to: '/login' });
  },
  component: AppLayout,
  // From /login (this tab's log-in or another tab's) the form goes at once, not when the app's code has
  // arrived: the spinner is in the first chunk, and the layout shows the same one while the user loads.
  pendingComponent: PageSpinner,
  pendingMs: 0,
  pendingMinMs: 0,
});
