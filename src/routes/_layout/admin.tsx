import { createFileRoute, Navigate } from '@tanstack/react-router';
import { AdminScreen } from '../../features/admin/AdminScreen';
import { useCurrentUser } from '../../features/layout/useCurrentUser';
import { pageSearchSchema } from '../../ui/search';

export const Route = createFileRoute('/_layout/admin')({
  validateSearch: pageSearchSchema,
  component: AdminRoute,
});

/**
 * Only superusers reach the admin screen; anyone else goes to the dashboard. (The API refuses them
 * anyway, and its 403 would end their session, so they must never get as far as asking.)
 */
function AdminRoute() {
  const user = useCurrentUser();
  if (user && !user.is_superuser) return <Navigate to="/" replace />;
  return <AdminScreen />;
}
