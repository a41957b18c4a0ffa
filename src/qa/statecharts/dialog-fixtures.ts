import type { ItemPublic, UserPublic } from '../../api/types';
import {
  deleteUserConfirmation,
  endUserSessionsConfirmation,
  unlockUserConfirmation,
} from '../../features/admin/confirmations';
import { addUserDialog, changeUserPasswordDialog, editUserDialog } from '../../features/admin/form-dialogs';
import type { AnyConfirmation, ConfirmationDescriptor } from '../../features/common/confirmation';
import type { AnyFormDialog, FormDialogDescriptor } from '../../features/common/form-dialog';
import { deleteItemConfirmation } from '../../features/items/confirmations';
import { addItemDialog, editItemDialog } from '../../features/items/form-dialogs';
import {
  accountDeletionConfirmation,
  logoutEverywhereConfirmation,
} from '../../features/settings/confirmations';
import type { FormValues } from '../../machines/form';

/**
 * The test model's fixtures of the described dialogs (src/features/form-dialogs.ts, confirmations.ts),
 * by dialog, kept here with the models (./models.ts) and the walks that read them rather than in the
 * product's modules: values that pass and that break the rules (set over the current ones), the record
 * an edit or a row confirmation opens on, what the call answers.
 */

/** The user the test model opens the row confirmations and the admin forms on. */
export const fixtureUser: UserPublic = {
  id: 'user-2',
  email: 'user@example.com',
  full_name: 'Some User',
  is_active: true,
  is_superuser: false,
  created_at: '2026-01-01T00:00:00Z',
  subscription_type: 'Free',
  is_email_confirmed: true,
};

/** The item the test model opens the row confirmations and Edit Item on. */
export const fixtureItem: ItemPublic = {
  id: 'item-1',
  title: 'Old title',
  description: null,
  sku: null,
  owner_id: 'user-1',
  created_at: '2026-01-01T00:00:00Z',
};

export interface FormDialogFixture<V, T, O> {
  valid: Partial<V>;
  invalid: Partial<V>;
  target?: T;
  output: O;
}
export interface ConfirmationFixture<T, O> {
  target?: T;
  output: O;
}

const forForm = <V extends FormValues, T, O>(
  dialog: FormDialogDescriptor<V, T, O>,
  fixture: FormDialogFixture<V, T, O>,
) => [dialog.name, fixture] as const;
const forConfirmation = <T, O>(dialog: ConfirmationDescriptor<T, O>, fixture: ConfirmationFixture<T, O>) =>
  [dialog.name, fixture] as const;

// biome-ignore lint/suspicious/noExplicitAny: fixtures of different forms, records and answers
const FORM_FIXTURES = new Map<string, FormDialogFixture<any, any, any>>([
  forForm(addItemDialog, {
    valid: { title: 'New item', description: 'A description', sku: 'SKU-1' },
    invalid: { title: '', description: 'Only a description', sku: 'S'.repeat(256) },
    output: { ...fixtureItem, id: 'item-2', title: 'New item' },
  }),
  forForm(editItemDialog, {
    valid: { title: 'New title', description: 'Changed', sku: 'SKU-2' },
    invalid: { title: '', description: 'Changed', sku: 'S'.repeat(256) },
    target: fixtureItem,
    output: { ...fixtureItem, title: 'New title' },
  }),
  forForm(addUserDialog, {
    valid: {
      email: 'new@example.com',
      full_name: 'New User',
      password: 'password-1',
      confirm_password: 'password-1',
      is_superuser: false,
      is_active: true,
    },
    invalid: { email: 'not-an-email', password: 'short', confirm_password: 'other' },
    output: { ...fixtureUser, id: 'user-3', email: 'new@example.com' },
  }),
  forForm(editUserDialog, {
    valid: { full_name: 'Renamed User', major: 'Physics', gender: 'Female' },
    invalid: { password: 'short', confirm_password: 'other' },
    target: fixtureUser,
    output: { ...fixtureUser, full_name: 'Renamed User', major: 'Physics', gender: 'Female' },
  }),
  forForm(changeUserPasswordDialog, {
    valid: { password: 'password-2', confirm_password: 'password-2' },
    invalid: { password: 'short', confirm_password: '' },
    target: fixtureUser,
    output: fixtureUser,
  }),
]);

// biome-ignore lint/suspicious/noExplicitAny: fixtures of different records and answers
const CONFIRMATION_FIXTURES = new Map<string, ConfirmationFixture<any, any>>([
  forConfirmation(accountDeletionConfirmation, { output: { message: 'User deleted successfully' } }),
  forConfirmation(logoutEverywhereConfirmation, { output: { message: 'All sessions ended' } }),
  forConfirmation(deleteItemConfirmation, {
    target: fixtureItem,
    output: { message: 'Item deleted successfully' },
  }),
  forConfirmation(endUserSessionsConfirmation, {
    target: fixtureUser,
    output: { message: 'Sessions ended' },
  }),
  forConfirmation(unlockUserConfirmation, { target: fixtureUser, output: { message: 'Sign-in unlocked' } }),
  forConfirmation(deleteUserConfirmation, {
    target: fixtureUser,
    output: { message: 'User deleted successfully' },
  }),
]);

function fixtureOf<F>(fixtures: Map<string, F>, name: string): F {
  const fixture = fixtures.get(name);
  if (!fixture) throw new Error(`${name}: no fixture in src/qa/statecharts/dialog-fixtures.ts`);
  return fixture;
}

export const formDialogFixture = (dialog: AnyFormDialog) => fixtureOf(FORM_FIXTURES, dialog.name);
export const confirmationFixture = (dialog: AnyConfirmation) => fixtureOf(CONFIRMATION_FIXTURES, dialog.name);
