import { Badge, Box, Flex, Table, Text } from '@chakra-ui/react';
import { PAGE_SIZES } from '../../api/paging';
import { usersQueryOptions } from '../../api/queries';
import { usersPagingMachine } from '../../machines/paging';
import { planLabel } from '../../machines/subscription';
import { badgeRecipe } from '../../ui/recipes';
import { useCurrentUser } from '../account/currentUser';
import { ActionsMenu } from '../common/ActionsMenu';
import { type ListColumn, ListScreen } from '../common/ListScreen';
import { useManagedList } from '../common/usePagedList';
import { USER_CONFIRMATIONS, userRecord } from './confirmations';
import { addUserDialog, editUserDialog } from './form-dialogs';
import { AddUserDialog, EditUserDialog } from './UserDialogs';

// Names and e-mails share the room left over; the others are as wide as their longest value plus padding.
const COLUMNS: readonly ListColumn[] = [
  { label: 'Full name', width: '8rem', grow: true },
  { label: 'Email', width: '10rem', grow: true },
  { label: 'Role', width: '6rem' },
  { label: 'Status', width: '6rem' },
  { label: 'Subscription Type', width: '7.25rem' },
  { label: 'Email Confirmed', width: '9.25rem' },
  { label: 'Confirm Code', width: '5.25rem' },
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
  const { add, edit, shared, actions, screen } = useManagedList({
    machine: usersPagingMachine,
    path: '/admin',
    query: usersQueryOptions,
    pageSize: PAGE_SIZES.users,
    add: addUserDialog,
    edit: editUserDialog,
    confirmations: USER_CONFIRMATIONS,
    record: userRecord,
  });

  return (
    <ListScreen
      title="Users Management"
      {...screen}
      columns={COLUMNS}
      empty={EMPTY}
      dialogs={
        <>
          <AddUserDialog actor={add} descriptor={addUserDialog} />
          <EditUserDialog actor={edit} descriptor={editUserDialog} returnFocusRef={shared.opener} />
          {shared.dialogs}
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
              <ActionsMenu rowLabel={user.full_name || user.email} disabled={isYou} actions={actions(user)} />
            </Table.Cell>
          </Table.Row>
        );
      }}
    />
  );
}
