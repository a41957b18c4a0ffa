import { createItem, updateItem } from '../../api/services';
import type { ItemPublic } from '../../api/types';
import { labelsOf } from '../../machines/declared';
import { addItemMachine, editItemMachine } from '../../machines/signed-in-flows';
import { ITEM_FORM, type ItemValues } from '../../machines/signed-in-schemas';
import { EditIcon } from '../../ui/icons';
import { type AnyFormDialog, defineFormDialog } from '../common/form-dialog';
import { itemPayload, itemValues } from './payload';

const labels = labelsOf(ITEM_FORM);

/** 'Add Item' (spec §2), from the page's button. */
export const addItemDialog = defineFormDialog<ItemValues, null, ItemPublic>({
  group: 'Items',
  machine: addItemMachine,
  submit: async ({ values }, keys, signal) => {
    const body = itemPayload(values);
    const item = await createItem(body, { key: keys.keyFor(body), signal });
    keys.done();
    return item;
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
  submit: ({ values, target }, _keys, signal) => updateItem(target.id, itemPayload(values), signal),
  opened: itemValues,
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
