import { isApiError } from './errors';

/**
 * Which refusals end the session: only those that refuse the credential itself.
 * - 401: the call carried no usable token ('Not authenticated');
 * - 403 'Could not validate credentials': a bad, expired or revoked token;
 * - 404 'User not found' on /users/me: the signed-in user is gone.
 * Every other refusal ('The user doesn't have enough privileges', a 404 for another record, …) is an
 * ordinary failure that the screen reports; the user stays signed in.
 */

const REFUSED_TOKEN = 'Could not validate credentials';
const USER_GONE = 'User not found';
export const CURRENT_USER_PATH = '/users/me';

/** Whether an answer with `status` and `detail` to a call on `path` (ending in the API path) ends the session. */
export function endsSession(status: number, detail: unknown, path: string): boolean {
  if (status === 401) return true;
  if (status === 403) return detail === REFUSED_TOKEN;
  return status === 404 && detail === USER_GONE && path.endsWith(CURRENT_USER_PATH);
}

/** The same rule for the error a call on `path` failed with (an ApiError; anything else never ends it). */
export function errorEndsSession(error: unknown, path: string): boolean {
  if (!isApiError(error)) return false;
  const body = error.body as { detail?: unknown } | null;
  return endsSession(error.status, body && typeof body === 'object' ? body.detail : undefined, path);
}

/** Statuses whose answer must be read to know whether the session ends. */
export function mayEndSession(status: number): boolean {
  return status === 401 || status === 403 || status === 404;
}
