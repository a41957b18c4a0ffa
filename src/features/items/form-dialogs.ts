import { createItem, updateItem } from '../../api/services';
import type { ItemPublic } from '../../api/types';
import { addItemMachine, editItemMachine } from '../../machines/signed-in-flows';
import type { ItemValues } from '../../machines/signed-in-schemas';
import { EditIcon } from '../../ui/icons';
import { type AnyFormDialog, defineFormDialog } from '../common/form-dialog';
import { fixtureItem } from './confirmations';
import { itemPayload, itemValues } from './payload';

const labels = { title: 'Title', description: 'Description', sku: 'SKU' } as const;

/** 'Add Item' (spec §2), from the page's button. */
export const addItemDialog = defineFormDialog<ItemValues, null, ItemPublic>({
  group: 'Items',
  machine: addItemMachine,
  submit: async ({ values }, keys) => {
    const body = itemPayload(values);
    const item = await createItem(body, keys.keyFor(body));
    keys.done();
    return item;
  },
  fixture: {
    valid: { title: 'New item', description: 'A description', sku: 'SKU-1' },
    invalid: { title: '', description: 'Only a description', sku: 'S'.repeat(256) },
    output: { ...fixtureItem, id: 'item-2', title: 'New item' },
  },
  screen: {
    route: '/items',
    opener: { button: 'Add Item' },
    role: 'dialog',
    title: 'Add Item',
    labels,
    success: ['Success!', 'Item created successfully.'],
    failure: 'detail',
  },
});

/** A row's 'Edit Item' (spec §2): the form opened on the item. */
export const editItemDialog = defineFormDialog<ItemValues, ItemPublic, ItemPublic>({
  group: 'Items',
  machine: editItemMachine,
  submit: ({ values, target }) => updateItem(target.id, itemPayload(values)),
  opened: itemValues,
  fixture: {
    valid: { title: 'New title', description: 'Changed', sku: 'SKU-2' },
    invalid: { title: '', description: 'Changed', sku: 'S'.repeat(256) },
    target: fixtureItem,
    output: { ...fixtureItem, title: 'New title' },
  },
  screen: {
    route: '/items',
    opener: { menu: { value: 'edit', label: 'Edit Item', icon: EditIcon } },
    role: 'dialog',
    title: 'Edit Item',
    labels,
    success: ['Success!', 'Item updated successfully.'],
    failure: 'detail',
  },
});

/** The /items form dialogs. */
export const ITEM_FORM_DIALOGS: readonly AnyFormDialog[] = [addItemDialog, editItemDialog];
