import { errorMessage } from '../api/errors';

/**
 * Server refusals that belong to a field. The form rule (with src/machines/form.ts): Save is held back
 * only until the form has changed (or a condition the spec names is met); pressing it with errors shows
 * every error; and a refusal the server gives for one field (a wrong current password, a breached new
 * one) marks that field with the server's message, besides the toast, until the next edit (any edit
 * leaves the machine's `failed` state).
 */

const BREACHED = 'appears in lists of breached passwords';

export const FIELD_REFUSALS = {
  current_password: (message: string) => message === 'Incorrect password',
  password: (message: string) => message.includes(BREACHED),
  new_password: (message: string) =>
    message.includes(BREACHED) || message === 'New password cannot be the same as the current one',
} as const;

export type RefusableField = keyof typeof FIELD_REFUSALS;

/** The server's message for `field` when the form's last submit failed on it, else null. */
export function fieldRefusal(failed: boolean, error: unknown, field: RefusableField): string | null {
  if (!failed || error == null) return null;
  const message = errorMessage(error);
  return FIELD_REFUSALS[field](message) ? message : null;
}
