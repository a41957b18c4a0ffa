import { Box, Button, Flex, Heading, Table, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import { itemsQueryOptions } from '../../api/queries';
import { createItem, deleteItem, updateItem, updateUser } from '../../api/services';
import type { ItemPublic } from '../../api/types';
import {
  addItemMachine,
  changeUserPasswordMachine,
  deleteItemMachine,
  editItemMachine,
} from '../../machines/flows';
import { itemsPagingMachine } from '../../machines/paging';
import { PlusIcon } from '../../ui/icons';
import { tableRecipe } from '../../ui/recipes';
import { showError, showSuccess } from '../../ui/toaster';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';
import { ActionsMenu } from '../common/ActionsMenu';
import { ChangePasswordDialog } from '../common/ChangePasswordDialog';
import { DeleteDialog } from '../common/DeleteDialog';
import { PaginationFooter } from '../common/PaginationFooter';
import { SkeletonRows } from '../common/SkeletonRows';
import { usePagedList } from '../common/usePagedList';
import { ItemFormDialog } from './ItemFormDialog';

const route = getRouteApi('/_layout/items');

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function ItemsScreen() {
  const { page } = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const { paging, query } = usePagedList(itemsPagingMachine, page, itemsQueryOptions, (next) => {
    void navigate({ search: (previous) => ({ ...previous, page: next }) });
  });
  // The row's actions menu trigger, where focus returns when its dialog closes.
  const opener = useRef<HTMLElement | null>(null);
  const refetch = () => queryClient.invalidateQueries({ queryKey: ['items'] });

  const addItem = useActorRef(
    addItemMachine.provide({
      actors: {
        submit: fromPromise(({ input }) =>
          createItem({
            title: String(input.values.title),
            description: optionalText(input.values.description),
          }),
        ),
      },
      actions: {
        onSuccess: () => {
          showSuccess('Success!', 'Item created successfully.');
          void refetch();
        },
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );
  const editItem = useActorRef(
    editItemMachine.provide({
      actors: {
        submit: fromPromise(({ input }) =>
          updateItem((input.target as ItemPublic).id, {
            title: String(input.values.title),
            description: optionalText(input.values.description),
          }),
        ),
      },
      actions: {
        onSuccess: () => {
          showSuccess('Success!', 'Item updated successfully.');
          void refetch();
        },
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );
  const deleteItemActor = useActorRef(
    deleteItemMachine.provide({
      actors: { submit: fromPromise(({ input }) => deleteItem((input.target as ItemPublic).id)) },
      actions: {
        onSuccess: () => {
          showSuccess('Success', 'The item was deleted successfully.');
          void refetch();
        },
        onFailure: () => {
          showError('An error occurred.', 'An error occurred while deleting the item.');
          void refetch();
        },
      },
    }),
    { inspect },
  );
  // The 'Change Password Item' quirk: the user password form, acting on the item's id.
  const changePassword = useActorRef(
    changeUserPasswordMachine.provide({
      actors: {
        submit: fromPromise(({ input }) =>
          updateUser((input.target as ItemPublic).id, { password: String(input.values.password) }),
        ),
      },
      actions: {
        onSuccess: () => {
          showSuccess('Success!', 'Password updated successfully.');
          void refetch();
        },
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );

  const items = query.data?.data;
  return (
    <Box>
      <Heading as="h1" size="lg" textAlign={{ base: 'center', md: 'left' }} pt={4} pb={6}>
        Items Management
      </Heading>
      <Flex py={2} gap={4}>
        <Button variant="solid" colorPalette="teal" onClick={() => addItem.send({ type: 'modal.open' })}>
          <PlusIcon aria-hidden="true" />
          Add Item
        </Button>
      </Flex>
      <Table.ScrollArea borderWidth="1px" rounded="md" mt={2}>
        <Table.Root recipe={tableRecipe} size={{ base: 'sm', md: 'md' }}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>ID</Table.ColumnHeader>
              <Table.ColumnHeader>Title</Table.ColumnHeader>
              <Table.ColumnHeader>Description</Table.ColumnHeader>
              <Table.ColumnHeader>Actions</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body
            opacity={query.isPlaceholderData ? 0.5 : 1}
            aria-busy={query.isPlaceholderData || query.isPending}
            data-placeholder={query.isPlaceholderData || undefined}
          >
            {!items && query.isPending && <SkeletonRows columns={4} />}
            {items?.map((item) => (
              <Table.Row key={item.id}>
                <Table.Cell>{item.id}</Table.Cell>
                <Table.Cell truncate maxW="150px" title={item.title}>
                  {item.title}
                </Table.Cell>
                <Table.Cell
                  truncate
                  maxW="150px"
                  title={item.description ?? undefined}
                  color={item.description ? undefined : 'fg.muted'}
                >
                  {item.description || 'N/A'}
                </Table.Cell>
                <Table.Cell>
                  <ActionsMenu
                    type="Item"
                    rowLabel={item.title}
                    onEdit={(trigger) => {
                      opener.current = trigger;
                      editItem.send({
                        type: 'modal.open',
                        values: { title: item.title, description: item.description ?? '' },
                        target: item,
                      });
                    }}
                    onChangePassword={(trigger) => {
                      opener.current = trigger;
                      changePassword.send({ type: 'modal.open', target: item });
                    }}
                    onDelete={(trigger) => {
                      opener.current = trigger;
                      deleteItemActor.send({ type: 'modal.open', target: item });
                    }}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {query.isError && (
        <Text color="red.fg" mt={2} role="alert">
          {query.error.message}
        </Text>
      )}
      <PaginationFooter paging={paging} />
      <ItemFormDialog actor={addItem} title="Add Item" />
      <ItemFormDialog actor={editItem} title="Edit Item" returnFocusRef={opener} />
      <DeleteDialog actor={deleteItemActor} type="Item" returnFocusRef={opener} />
      <ChangePasswordDialog actor={changePassword} returnFocusRef={opener} />
    </Box>
  );
}
