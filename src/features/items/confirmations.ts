import { deleteItem } from '../../api/services';
import type { ItemPublic, Message } from '../../api/types';
import { TrashIcon } from '../../ui/icons';
import { type AnyConfirmation, defineConfirmation } from '../common/confirmation';

/**
 * A row's 'Delete Item' (spec §2): the item by its title, then the question.
 * Chart: [docs/statecharts/deleteItem.md](../../../docs/statecharts/deleteItem.md).
 */
export const deleteItemConfirmation = defineConfirmation<ItemPublic, Message>({
  name: 'deleteItem',
  group: 'Items',
  submit: ({ target }, signal) => deleteItem(target.id, signal),
  requirements: {
    open: ['R-ROUTE-23'],
    success: ['R-FLOW-18', 'R-FLOW-19', 'R-ERR-07'],
    failure: ['R-ERR-06'],
  },
  screen: {
    route: '/items',
    opener: { menu: { value: 'delete', label: 'Delete Item', icon: TrashIcon, danger: true } },
    role: 'alertdialog',
    title: 'Delete Item',
    submitLabel: 'Delete',
    record: (item) => ({ name: item.title }),
    body: () => [['Are you sure? You will not be able to undo this action.']],
    question: 'Are you sure? You will not be able to undo this action.',
    success: ['Success', 'The item was deleted successfully.'],
    // A failed delete may mean the row is gone already: the list is refreshed either way.
    failure: ['An error occurred.', 'An error occurred while deleting the item.'],
  },
});

/** The /items row confirmations, in their menu order (after Edit and Change Password). */
export const ITEM_CONFIRMATIONS: readonly AnyConfirmation[] = [deleteItemConfirmation];
