import { Table } from '@chakra-ui/react';
import { useRef } from 'react';
import { PAGE_SIZES } from '../../api/paging';
import { itemsQueryOptions } from '../../api/queries';
import { retryKeys } from '../../api/retry-keys';
import { createItem, updateItem } from '../../api/services';
import type { ItemPublic } from '../../api/types';
import { itemsPagingMachine } from '../../machines/paging';
import { addItemMachine, editItemMachine } from '../../machines/signed-in-flows';
import { EditIcon, KeyIcon } from '../../ui/icons';
import { ActionsMenu } from '../common/ActionsMenu';
import { ChangePasswordDialog } from '../common/ChangePasswordDialog';
import { type ListColumn, ListScreen } from '../common/ListScreen';
import { useRowConfirmations } from '../common/RowConfirmations';
import { TruncatedText } from '../common/TruncatedText';
import { usePagedList } from '../common/usePagedList';
import { useChangePasswordDialog, useFormDialog } from '../common/useRowDialogs';
import { ITEM_CONFIRMATIONS } from './confirmations';
import { ItemFormDialog } from './ItemFormDialog';
import { itemPayload, itemValues } from './payload';

// Title and description are cut at 150px, and their columns are that wide (plus the cell's padding):
// no empty room beside a cut text. The ID column holds a whole UUID (36 characters of a ~0.6 em
// monospace at 0.875rem: 18.9rem, and some room for a font a little wider); no column grows, so the
// table is as wide as its columns.
const TEXT_COLUMN = 'calc(150px + 1.5rem)';
const COLUMNS: readonly ListColumn[] = [
  { label: 'ID', width: '21rem' },
  { label: 'Title', width: TEXT_COLUMN },
  { label: 'Description', width: TEXT_COLUMN },
  { label: 'Actions', width: '4.5rem' },
];
const EMPTY = {
  title: "You don't have any items yet",
  description: 'Add a new item to get started.',
  action: 'Add your first item',
};

export function ItemsScreen() {
  const list = usePagedList(itemsPagingMachine, '/items', itemsQueryOptions, PAGE_SIZES.items);
  const { refetch } = list;
  // The row's actions menu trigger, where focus returns when its dialog closes.
  const opener = useRef<HTMLElement | null>(null);

  // A new item submitted again after a failure keeps its Idempotency-Key: created once at most.
  const newItemKeys = useRef(retryKeys()).current;
  const addItem = useFormDialog(
    addItemMachine,
    async ({ values }) => {
      const body = itemPayload(values);
      const item = await createItem(body, newItemKeys.keyFor(body));
      newItemKeys.done();
      return item;
    },
    'Item created successfully.',
    refetch,
  );
  const editItem = useFormDialog(
    editItemMachine,
    ({ values, target }) => updateItem(target.id, itemPayload(values)),
    'Item updated successfully.',
    refetch,
  );
  // Delete Item and any other confirmation of ./confirmations.ts: its dialog and its menu entry.
  const confirmations = useRowConfirmations<ItemPublic>(ITEM_CONFIRMATIONS, refetch, opener);
  // The 'Change Password Item' quirk: the user password form, acting on the item's id.
  const changePassword = useChangePasswordDialog(refetch);

  return (
    <ListScreen
      title="Items Management"
      addLabel="Add Item"
      onAdd={() => addItem.send({ type: 'modal.open' })}
      columns={COLUMNS}
      empty={EMPTY}
      list={list}
      dialogs={
        <>
          <ItemFormDialog actor={addItem} title="Add Item" />
          <ItemFormDialog actor={editItem} title="Edit Item" returnFocusRef={opener} />
          <ChangePasswordDialog actor={changePassword} returnFocusRef={opener} />
          {confirmations.dialogs}
        </>
      }
      row={(item) => (
        <Table.Row key={item.id}>
          <Table.Cell fontFamily="mono" fontSize="sm" color="fg.muted">
            <TruncatedText text={item.id} maxW="full" />
          </Table.Cell>
          <Table.Cell>
            <TruncatedText text={item.title} maxW="150px" />
          </Table.Cell>
          <Table.Cell>
            <TruncatedText text={item.description || 'N/A'} maxW="150px" muted={!item.description} />
          </Table.Cell>
          <Table.Cell>
            <ActionsMenu
              rowLabel={item.title}
              actions={[
                {
                  value: 'edit',
                  label: 'Edit Item',
                  icon: <EditIcon aria-hidden="true" />,
                  onSelect: (trigger) => {
                    opener.current = trigger;
                    editItem.send({ type: 'modal.open', values: itemValues(item), target: item });
                  },
                },
                {
                  value: 'password',
                  label: 'Change Password Item',
                  icon: <KeyIcon aria-hidden="true" />,
                  onSelect: (trigger) => {
                    opener.current = trigger;
                    changePassword.send({ type: 'modal.open', target: item });
                  },
                },
                ...confirmations.actions(item),
              ]}
            />
          </Table.Cell>
        </Table.Row>
      )}
    />
  );
}
