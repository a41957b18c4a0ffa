import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useCurrentUser } from '../../features/account/currentUser';
import { AdminScreen } from '../../features/admin/AdminScreen';
import { pageSearchSchema } from '../../ui/search';

export const Route = createFileRoute('/_layout/admin')({
  validateSearch: pageSearchSchema,
  component: AdminRoute,
});

/** Only superusers reach the admin screen; anyone else goes to the dashboard (the API refuses them too). */
function AdminRoute() {
  const user = useCurrentUser();
  if (user && !user.is_superuser) return <Navigate to="/" replace />;
  return <AdminScreen />;
}
