import { errorMessage } from '../api/errors';

/** Server refusals that belong to a field (a wrong current password, a breached new one): shown on it until the next edit. */
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
