import { Badge, Box, Flex, Table, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { PAGE_SIZES } from '../../api/paging';
import { usersQueryOptions } from '../../api/queries';
import { createUser, deleteUser, endUserSessions, unlockUser, updateUser } from '../../api/services';
import { usersPagingMachine } from '../../machines/paging';
import {
  addUserMachine,
  deleteUserMachine,
  editUserMachine,
  endUserSessionsMachine,
  unlockUserMachine,
} from '../../machines/signed-in-flows';
import { planLabel } from '../../machines/subscription';
import { LogOutIcon, UnlockIcon } from '../../ui/icons';
import { badgeRecipe } from '../../ui/recipes';
import { useCurrentUser } from '../account/currentUser';
import { ActionsMenu } from '../common/ActionsMenu';
import { ChangePasswordDialog } from '../common/ChangePasswordDialog';
import { DeleteDialog } from '../common/DeleteDialog';
import { type ListColumn, ListScreen } from '../common/ListScreen';
import { usePagedList } from '../common/usePagedList';
import {
  useChangePasswordDialog,
  useConfirmDialog,
  useDeleteDialog,
  useFormDialog,
} from '../common/useRowDialogs';
import { addUserPayload, editUserPayload, editUserValues } from './payload';
import { EndSessionsDialog, UnlockDialog } from './SessionDialogs';
import { AddUserDialog, EditUserDialog } from './UserDialogs';

// Names and e-mails get the room; the code columns are as wide as their values.
const COLUMNS: readonly ListColumn[] = [
  // Wide enough for each header on one line at 1280 px (the table's minimum, 60rem, fits beside the sidebar).
  { label: 'Full name', width: '8.5rem' },
  { label: 'Email', width: '10rem', grow: true },
  { label: 'Role', width: '5rem' },
  { label: 'Status', width: '6.5rem' },
  { label: 'Subscription Type', width: '9rem' },
  { label: 'Email Confirmed', width: '9rem' },
  { label: 'Confirm Code', width: '7.5rem' },
  { label: 'Actions', width: '4.5rem' },
];
const EMPTY = {
  title: 'There are no users yet',
  description: 'Add a user to get started.',
  action: 'Add your first user',
};

function Dot({ color }: { color: string }) {
  return (
    <Box as="span" display="inline-block" boxSize="2" rounded="full" bg={color} me={2} aria-hidden="true" />
  );
}

export function AdminScreen() {
  const currentUser = useCurrentUser();
  const list = usePagedList(usersPagingMachine, '/admin', usersQueryOptions, PAGE_SIZES.users);
  const { refetch } = list;
  // The row's actions menu trigger, where focus returns when its dialog closes.
  const opener = useRef<HTMLElement | null>(null);

  const addUser = useFormDialog(
    addUserMachine,
    ({ values }) => createUser(addUserPayload(values)),
    'User created successfully.',
    refetch,
  );
  const editUser = useFormDialog(
    editUserMachine,
    ({ values, target }) => updateUser(target.id, editUserPayload(values)),
    'User updated successfully.',
    refetch,
  );
  const changePassword = useChangePasswordDialog(refetch);
  const deleteUserActor = useDeleteDialog(
    deleteUserMachine,
    ({ target }) => deleteUser(target.id),
    {
      success: 'The user was deleted successfully.',
      failure: 'An error occurred while deleting the user.',
    },
    refetch,
  );
  const endSessions = useConfirmDialog(
    endUserSessionsMachine,
    ({ target }) => endUserSessions(target.id),
    'The user was logged out on every device.',
    refetch,
  );
  const unlock = useConfirmDialog(
    unlockUserMachine,
    ({ target }) => unlockUser(target.id),
    'The user may log in again.',
    refetch,
  );

  return (
    <ListScreen
      title="Users Management"
      addLabel="Add User"
      onAdd={() => addUser.send({ type: 'modal.open' })}
      columns={COLUMNS}
      empty={EMPTY}
      list={list}
      dialogs={
        <>
          <AddUserDialog actor={addUser} />
          <EditUserDialog actor={editUser} returnFocusRef={opener} />
          <ChangePasswordDialog actor={changePassword} returnFocusRef={opener} />
          <EndSessionsDialog actor={endSessions} returnFocusRef={opener} />
          <UnlockDialog actor={unlock} returnFocusRef={opener} />
          <DeleteDialog
            actor={deleteUserActor}
            type="User"
            name={(user) => (
              <>
                {user.full_name && <Text fontWeight="semibold">{user.full_name}</Text>}
                <Text
                  {...(user.full_name ? { fontSize: 'sm', color: 'fg.muted' } : { fontWeight: 'semibold' })}
                >
                  {user.email}
                </Text>
              </>
            )}
            returnFocusRef={opener}
          />
        </>
      }
      row={(user) => {
        const isYou = currentUser?.id === user.id;
        return (
          <Table.Row key={user.id}>
            <Table.Cell>
              <Flex align="center" gap={1}>
                <Text
                  as="span"
                  truncate
                  color={user.full_name ? undefined : 'fg.muted'}
                  title={user.full_name || undefined}
                >
                  {user.full_name || 'N/A'}
                </Text>
                {isYou && (
                  <Badge recipe={badgeRecipe} colorPalette="teal" variant="solid" flexShrink={0}>
                    You
                  </Badge>
                )}
              </Flex>
            </Table.Cell>
            <Table.Cell truncate title={user.email}>
              {user.email}
            </Table.Cell>
            <Table.Cell>{user.is_superuser ? 'Superuser' : 'User'}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">
              <Dot color={user.is_active ? 'ui.success' : 'ui.danger'} />
              {user.is_active ? 'Active' : 'Inactive'}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{planLabel(user.subscription_type)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">
              <Dot color={user.is_email_confirmed ? 'ui.success' : 'ui.danger'} />
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
                more={[
                  {
                    value: 'end-sessions',
                    label: 'End sessions',
                    icon: <LogOutIcon aria-hidden="true" />,
                    onSelect: (trigger) => {
                      opener.current = trigger;
                      endSessions.send({ type: 'modal.open', target: user });
                    },
                  },
                  {
                    value: 'unlock',
                    label: 'Unlock sign-in',
                    icon: <UnlockIcon aria-hidden="true" />,
                    onSelect: (trigger) => {
                      opener.current = trigger;
                      unlock.send({ type: 'modal.open', target: user });
                    },
                  },
                ]}
              />
            </Table.Cell>
          </Table.Row>
        );
      }}
    />
  );
}
