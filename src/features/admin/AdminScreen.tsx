import { Badge, Box, Flex, Table, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { PAGE_SIZES } from '../../api/paging';
import { usersQueryOptions } from '../../api/queries';
import type { UserPublic } from '../../api/types';
import { usersPagingMachine } from '../../machines/paging';
import { planLabel } from '../../machines/subscription';
import { badgeRecipe } from '../../ui/recipes';
import { useCurrentUser } from '../account/currentUser';
import { ActionsMenu } from '../common/ActionsMenu';
import { ChangePasswordDialog } from '../common/ChangePasswordDialog';
import { type ListColumn, ListScreen } from '../common/ListScreen';
import { useRowConfirmations } from '../common/RowConfirmations';
import { usePagedList } from '../common/usePagedList';
import { rowFormActions, useDescribedFormDialog } from '../common/useRowDialogs';
import { USER_CONFIRMATIONS } from './confirmations';
import { addUserDialog, changeUserPasswordDialog, editUserDialog } from './form-dialogs';
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

  // Add User, Edit User and Change Password, as ./form-dialogs.ts describes them.
  const addUser = useDescribedFormDialog(addUserDialog, refetch);
  const editUser = useDescribedFormDialog(editUserDialog, refetch);
  const changePassword = useDescribedFormDialog(changeUserPasswordDialog, refetch);
  // End sessions, Unlock sign-in and Delete User (./confirmations.ts): their dialogs and menu entries.
  const confirmations = useRowConfirmations<UserPublic>(USER_CONFIRMATIONS, refetch, opener);

  return (
    <ListScreen
      title="Users Management"
      addLabel={addUserDialog.screen.title}
      onAdd={() => addUser.send({ type: 'modal.open' })}
      columns={COLUMNS}
      empty={EMPTY}
      list={list}
      dialogs={
        <>
          <AddUserDialog actor={addUser} descriptor={addUserDialog} />
          <EditUserDialog actor={editUser} descriptor={editUserDialog} returnFocusRef={opener} />
          <ChangePasswordDialog
            actor={changePassword}
            descriptor={changeUserPasswordDialog}
            returnFocusRef={opener}
          />
          {confirmations.dialogs}
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
                rowLabel={user.full_name || user.email}
                disabled={isYou}
                actions={[
                  ...rowFormActions(editUserDialog, editUser, user, opener),
                  ...rowFormActions(changeUserPasswordDialog, changePassword, user, opener),
                  ...confirmations.actions(user),
                ]}
              />
            </Table.Cell>
          </Table.Row>
        );
      }}
    />
  );
}
