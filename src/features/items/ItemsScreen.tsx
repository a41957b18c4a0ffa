import { Table } from '@chakra-ui/react';
import { PAGE_SIZES } from '../../api/paging';
import { itemsQueryOptions } from '../../api/queries';
import { itemsPagingMachine } from '../../machines/paging';
import { ActionsMenu } from '../common/ActionsMenu';
import { type ListColumn, ListScreen } from '../common/ListScreen';
import { TruncatedText } from '../common/TruncatedText';
import { useManagedList } from '../common/usePagedList';
import { ITEM_CONFIRMATIONS } from './confirmations';
import { addItemDialog, editItemDialog } from './form-dialogs';
import { ItemFormDialog } from './ItemFormDialog';

// Title and description are cut at 150px, their columns that wide plus padding: no empty room beside it.
const TEXT_COLUMN = 'calc(150px + 1.25rem)';
const COLUMNS: readonly ListColumn[] = [
  { label: 'ID', width: '9rem', cardLast: true },
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
  const { add, edit, shared, actions, screen } = useManagedList({
    machine: itemsPagingMachine,
    path: '/items',
    query: itemsQueryOptions,
    pageSize: PAGE_SIZES.items,
    add: addItemDialog,
    edit: editItemDialog,
    confirmations: ITEM_CONFIRMATIONS,
  });

  return (
    <ListScreen
      title="Items Management"
      {...screen}
      columns={COLUMNS}
      empty={EMPTY}
      dialogs={
        <>
          <ItemFormDialog actor={add} descriptor={addItemDialog} />
          <ItemFormDialog actor={edit} descriptor={editItemDialog} returnFocusRef={shared.opener} />
          {shared.dialogs}
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
            <ActionsMenu rowLabel={item.title} actions={actions(item)} />
          </Table.Cell>
        </Table.Row>
      )}
    />
  );
}
