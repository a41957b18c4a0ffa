import { deleteUserMe, logoutEverywhere } from '../../api/services';
import type { Message } from '../../api/types';
import { type AnyConfirmation, defineConfirmation } from '../common/confirmation';

/**
 * Danger zone → Delete → 'Confirmation Required': the account is deleted and the session ends.
 * Chart: [docs/statecharts/accountDeletion.md](../../../docs/statecharts/accountDeletion.md).
 */
export const accountDeletionConfirmation = defineConfirmation<null, Message>({
  name: 'accountDeletion',
  group: 'Settings',
  submit: (_, signal) => deleteUserMe(signal),
  requirements: { success: ['R-FLOW-06', 'R-ERR-07'], failure: ['R-ERR-04'] },
  screen: {
    route: '/settings',
    opener: { button: 'Delete', tab: 'Danger zone' },
    role: 'alertdialog',
    title: 'Confirmation Required',
    submitLabel: 'Confirm',
    body: () => [
      [
        'All your account data will be ',
        { strong: 'permanently deleted.' },
        ' If you are sure, please click ',
        { strong: '"Confirm"' },
        ' to proceed. This action cannot be undone.',
      ],
    ],
    question: 'If you are sure, please click',
    success: ['Success', 'Your account has been successfully deleted.'],
    failure: 'detail',
    endsSession: true,
  },
});

/**
 * My profile → Sessions → 'Log out everywhere': every session ends, this one too.
 * Chart: [docs/statecharts/logoutEverywhere.md](../../../docs/statecharts/logoutEverywhere.md).
 */
export const logoutEverywhereConfirmation = defineConfirmation<null, Message>({
  name: 'logoutEverywhere',
  group: 'Settings',
  submit: (_, signal) => logoutEverywhere(signal),
  screen: {
    route: '/settings',
    opener: { button: 'Log out everywhere' },
    role: 'alertdialog',
    title: 'Log out everywhere',
    submitLabel: 'Confirm',
    body: () => [
      [
        'You will be logged out on ',
        { strong: 'every device' },
        ', this one included, and will need to log in again.',
      ],
    ],
    question: 'this one included, and will need to log in',
    success: ['Success', 'You are logged out on every device.'],
    failure: 'detail',
    endsSession: true,
  },
});

export const SETTINGS_CONFIRMATIONS: readonly AnyConfirmation[] = [
  accountDeletionConfirmation,
  logoutEverywhereConfirmation,
];
