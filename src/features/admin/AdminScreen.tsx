import { Badge, Box, Button, Flex, Heading, Table, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import { usersQueryOptions } from '../../api/queries';
import { createUser, deleteUser, updateUser } from '../../api/services';
import type { UserPublic } from '../../api/types';
import {
  addUserMachine,
  changeUserPasswordMachine,
  deleteUserMachine,
  editUserMachine,
} from '../../machines/flows';
import { usersPagingMachine } from '../../machines/paging';
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
import { useCurrentUser } from '../layout/useCurrentUser';
import { SUBSCRIPTION_LABELS } from './labels';
import { editUserPayload, editUserValues, text } from './payload';
import { AddUserDialog, EditUserDialog } from './UserDialogs';

const route = getRouteApi('/_layout/admin');

function Dot({ color }: { color: string }) {
  return (
    <Box as="span" display="inline-block" boxSize="2" rounded="full" bg={color} me={2} aria-hidden="true" />
  );
}

export function AdminScreen() {
  const { page } = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const currentUser = useCurrentUser();
  const { paging, query } = usePagedList(usersPagingMachine, page, usersQueryOptions, (next) => {
    void navigate({ search: (previous) => ({ ...previous, page: next }) });
  });
  // The row's actions menu trigger, where focus returns when its dialog closes.
  const opener = useRef<HTMLElement | null>(null);
  const refetch = () => queryClient.invalidateQueries({ queryKey: ['users'] });

  const addUser = useActorRef(
    addUserMachine.provide({
      actors: {
        submit: fromPromise(({ input }) =>
          createUser({
            email: text(input.values.email),
            full_name: text(input.values.full_name),
            password: text(input.values.password),
            is_superuser: input.values.is_superuser === true,
            is_active: input.values.is_active === true,
            is_email_confirmed: false,
          }),
        ),
      },
      actions: {
        onSuccess: () => {
          showSuccess('Success!', 'User created successfully.');
          void refetch();
        },
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );
  const editUser = useActorRef(
    editUserMachine.provide({
      actors: {
        submit: fromPromise(({ input }) =>
          updateUser((input.target as UserPublic).id, editUserPayload(input.values)),
        ),
      },
      actions: {
        onSuccess: () => {
          showSuccess('Success!', 'User updated successfully.');
          void refetch();
        },
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );
  const changePassword = useActorRef(
    changeUserPasswordMachine.provide({
      actors: {
        submit: fromPromise(({ input }) =>
          updateUser((input.target as UserPublic).id, { password: text(input.values.password) }),
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
  const deleteUserActor = useActorRef(
    deleteUserMachine.provide({
      actors: { submit: fromPromise(({ input }) => deleteUser((input.target as UserPublic).id)) },
      actions: {
        onSuccess: () => {
          showSuccess('Success', 'The user was deleted successfully.');
          void refetch();
        },
        onFailure: () => {
          showError('An error occurred.', 'An error occurred while deleting the user.');
          void refetch();
        },
      },
    }),
    { inspect },
  );

  const users = query.data?.data;
  return (
    <Box>
      <Heading as="h1" size="lg" textAlign={{ base: 'center', md: 'left' }} pt={4} pb={6}>
        Users Management
      </Heading>
      <Flex py={2} gap={4}>
        <Button variant="solid" colorPalette="teal" onClick={() => addUser.send({ type: 'modal.open' })}>
          <PlusIcon aria-hidden="true" />
          Add User
        </Button>
      </Flex>
      <Table.ScrollArea borderWidth="1px" rounded="md" mt={2}>
        <Table.Root recipe={tableRecipe} size={{ base: 'sm', md: 'md' }}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Full name</Table.ColumnHeader>
              <Table.ColumnHeader>Email</Table.ColumnHeader>
              <Table.ColumnHeader>Role</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Subscription Type</Table.ColumnHeader>
              <Table.ColumnHeader>Email Confirmed</Table.ColumnHeader>
              <Table.ColumnHeader>Confirm Code</Table.ColumnHeader>
              <Table.ColumnHeader>Actions</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body
            opacity={query.isPlaceholderData ? 0.5 : 1}
            aria-busy={query.isPlaceholderData || query.isPending}
            data-placeholder={query.isPlaceholderData || undefined}
          >
            {!users && query.isPending && <SkeletonRows columns={8} />}
            {users?.map((user) => {
              const isYou = currentUser?.id === user.id;
              return (
                <Table.Row key={user.id}>
                  <Table.Cell maxW="150px">
                    <Flex align="center" gap={1}>
                      <Text as="span" truncate color={user.full_name ? undefined : 'fg.muted'}>
                        {user.full_name || 'N/A'}
                      </Text>
                      {isYou && (
                        <Badge colorPalette="teal" variant="solid" flexShrink={0}>
                          You
                        </Badge>
                      )}
                    </Flex>
                  </Table.Cell>
                  <Table.Cell truncate maxW="150px" title={user.email}>
                    {user.email}
                  </Table.Cell>
                  <Table.Cell>{user.is_superuser ? 'Superuser' : 'User'}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <Dot color={user.is_active ? 'green.solid' : 'red.solid'} />
                    {user.is_active ? 'Active' : 'Inactive'}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{SUBSCRIPTION_LABELS[user.subscription_type]}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <Dot color={user.is_email_confirmed ? 'green.solid' : 'red.solid'} />
                    {user.is_email_confirmed ? 'Confirmed' : 'No confirmation'}
                  </Table.Cell>
                  <Table.Cell>
                    <Text as="span" fontFamily="mono" color={user.confirm_code ? undefined : 'fg.muted'}>
                      {user.confirm_code || 'N/A'}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <ActionsMenu
                      type="User"
                      rowLabel={user.full_name || user.email}
                      disabled={isYou}
                      onEdit={(trigger) => {
                        opener.current = trigger;
                        editUser.send({ type: 'modal.open', values: editUserValues(user), target: user });
                      }}
                      onChangePassword={(trigger) => {
                        opener.current = trigger;
                        changePassword.send({ type: 'modal.open', target: user });
                      }}
                      onDelete={(trigger) => {
                        opener.current = trigger;
                        deleteUserActor.send({ type: 'modal.open', target: user });
                      }}
                    />
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {query.isError && (
        <Text color="red.fg" mt={2} role="alert">
          {query.error.message}
        </Text>
      )}
      <PaginationFooter paging={paging} />
      <AddUserDialog actor={addUser} />
      <EditUserDialog actor={editUser} returnFocusRef={opener} />
      <ChangePasswordDialog actor={changePassword} returnFocusRef={opener} />
      <DeleteDialog actor={deleteUserActor} type="User" returnFocusRef={opener} />
    </Box>
  );
}
