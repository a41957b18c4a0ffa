import { Table } from '@chakra-ui/react';
import { useRef } from 'react';
import { PAGE_SIZES } from '../../api/paging';
import { itemsQueryOptions } from '../../api/queries';
import type { ItemPublic } from '../../api/types';
import { itemsPagingMachine } from '../../machines/paging';
import { changeUserPasswordDialog } from '../admin/form-dialogs';
import { ActionsMenu } from '../common/ActionsMenu';
import { ChangePasswordDialog } from '../common/ChangePasswordDialog';
import { type ListColumn, ListScreen } from '../common/ListScreen';
import { useRowConfirmations } from '../common/RowConfirmations';
import { TruncatedText } from '../common/TruncatedText';
import { usePagedList } from '../common/usePagedList';
import { rowFormActions, useDescribedFormDialog } from '../common/useRowDialogs';
import { ITEM_CONFIRMATIONS } from './confirmations';
import { addItemDialog, editItemDialog } from './form-dialogs';
import { ItemFormDialog } from './ItemFormDialog';

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

  // Add Item and Edit Item, as ./form-dialogs.ts describes them (a new item sent again after a failure
  // keeps its Idempotency-Key: created once at most).
  const addItem = useDescribedFormDialog(addItemDialog, refetch);
  const editItem = useDescribedFormDialog(editItemDialog, refetch);
  // Delete Item and any other confirmation of ./confirmations.ts: its dialog and its menu entry.
  const confirmations = useRowConfirmations<ItemPublic>(ITEM_CONFIRMATIONS, refetch, opener);
  // The 'Change Password Item' quirk: the user password form, acting on the item's id.
  const changePassword = useDescribedFormDialog(changeUserPasswordDialog, refetch);

  return (
    <ListScreen
      title="Items Management"
      addLabel={addItemDialog.screen.title}
      onAdd={() => addItem.send({ type: 'modal.open' })}
      columns={COLUMNS}
      empty={EMPTY}
      list={list}
      dialogs={
        <>
          <ItemFormDialog actor={addItem} descriptor={addItemDialog} />
          <ItemFormDialog actor={editItem} descriptor={editItemDialog} returnFocusRef={opener} />
          <ChangePasswordDialog
            actor={changePassword}
            descriptor={changeUserPasswordDialog}
            returnFocusRef={opener}
          />
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
                ...rowFormActions(editItemDialog, editItem, item, opener),
                ...rowFormActions(changeUserPasswordDialog, changePassword, item, opener, '/items'),
                ...confirmations.actions(item),
              ]}
            />
          </Table.Cell>
        </Table.Row>
      )}
    />
  );
}
