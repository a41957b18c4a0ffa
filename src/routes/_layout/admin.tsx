import { createFileRoute } from '@tanstack/react-router';
import { AdminScreen } from '../../features/admin/AdminScreen';
import { pageSearchSchema } from '../../ui/search';

export const Route = createFileRoute('/_layout/admin')({
  validateSearch: pageSearchSchema,
  component: AdminScreen,
});
