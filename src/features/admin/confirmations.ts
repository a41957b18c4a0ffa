import { deleteUser, endUserSessions, unlockUser } from '../../api/services';
import type { Message, UserPublic } from '../../api/types';
import { LogOutIcon, TrashIcon, UnlockIcon } from '../../ui/icons';
import { type AnyConfirmation, defineConfirmation, type Paragraph } from '../common/confirmation';

/** A confirmation about the row's user: the address in bold, then what the action does. */
const aboutUser =
  (consequence: string) =>
  (user: UserPublic | null): readonly Paragraph[] => [[{ strong: user?.email ?? '' }, ` ${consequence}`]];

/** How the admin's dialogs name the user they act on: the name, with the e-mail below it. */
export const userRecord = (user: UserPublic) =>
  user.full_name ? { name: user.full_name, detail: user.email } : { name: user.email };

/**
 * A row's 'End sessions': every session of the user ends (they must sign in again).
 * Chart: [docs/statecharts/endUserSessions.md](../../../docs/statecharts/endUserSessions.md).
 */
export const endUserSessionsConfirmation = defineConfirmation<UserPublic, Message>({
  name: 'endUserSessions',
  group: 'Admin',
  submit: ({ target }, signal) => endUserSessions(target.id, signal),
  screen: {
    route: '/admin',
    opener: { menu: { value: 'end-sessions', label: 'End sessions', icon: LogOutIcon } },
    role: 'alertdialog',
    title: 'End sessions',
    submitLabel: 'End sessions',
    body: aboutUser('will be logged out on every device and will need to log in again.'),
    question: 'will be logged out on every device',
    success: ['Success', 'The user was logged out on every device.'],
    failure: 'detail',
  },
});

/**
 * A row's 'Unlock sign-in': clears the user's lockout after too many failed logins.
 * Chart: [docs/statecharts/unlockUser.md](../../../docs/statecharts/unlockUser.md).
 */
export const unlockUserConfirmation = defineConfirmation<UserPublic, Message>({
  name: 'unlockUser',
  group: 'Admin',
  submit: ({ target }, signal) => unlockUser(target.id, signal),
  screen: {
    route: '/admin',
    opener: { menu: { value: 'unlock', label: 'Unlock sign-in', icon: UnlockIcon } },
    role: 'alertdialog',
    title: 'Unlock sign-in',
    submitLabel: 'Unlock',
    body: aboutUser(
      'may log in again at once, even after too many failed attempts. Make sure the attempts were their own.',
    ),
    question: 'may log in again at once',
    success: ['Success', 'The user may log in again.'],
    failure: 'detail',
  },
});

/**
 * A row's 'Delete User' (spec §2): the user by name and address, the question, and that their items go too.
 * Chart: [docs/statecharts/deleteUser.md](../../../docs/statecharts/deleteUser.md).
 */
export const deleteUserConfirmation = defineConfirmation<UserPublic, Message>({
  name: 'deleteUser',
  group: 'Admin',
  submit: ({ target }, signal) => deleteUser(target.id, signal),
  requirements: {
    open: ['R-ROUTE-23'],
    success: ['R-FLOW-18', 'R-FLOW-19', 'R-ERR-07'],
    failure: ['R-ERR-06'],
  },
  screen: {
    route: '/admin',
    opener: { menu: { value: 'delete', label: 'Delete User', icon: TrashIcon, danger: true } },
    role: 'alertdialog',
    title: 'Delete User',
    submitLabel: 'Delete',
    record: userRecord,
    body: () => [
      ['Are you sure? You will not be able to undo this action.'],
      ['All items associated with this user will also be ', { strong: 'permanently deleted.' }],
    ],
    question: 'Are you sure? You will not be able to undo this action.',
    success: ['Success', 'The user was deleted successfully.'],
    // A failed delete may mean the row is gone already: the list is refreshed either way.
    failure: ['An error occurred.', 'An error occurred while deleting the user.'],
  },
});

/** The /admin row confirmations, in their menu order (after Edit and Change Password; Delete last). */
export const USER_CONFIRMATIONS: readonly AnyConfirmation[] = [
  endUserSessionsConfirmation,
  unlockUserConfirmation,
  deleteUserConfirmation,
];
