import { createFileRoute } from '@tanstack/react-router';
import { ItemsScreen } from '../../features/items/ItemsScreen';
import { pageSearchSchema } from '../../ui/search';

export const Route = createFileRoute('/_layout/items')({
  validateSearch: pageSearchSchema,
  component: ItemsScreen,
});
