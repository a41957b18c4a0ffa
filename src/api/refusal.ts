import { isApiError } from './errors';

/**
 * Which refusals end the session: only those that refuse the credential itself.
 * - 401: the call carried no usable token ('Not authenticated');
 * - 403 'Could not validate credentials': a bad, expired or revoked token;
 * - 404 'User not found' from the auth guard: the token's user is gone. The guard answers this on every
 *   authenticated call once that user is deleted (server/auth/guard.ts), but handlers answer the same
 *   404 for another user's record (an admin editing or deleting a user deleted meanwhile), and nothing
 *   in the answer tells the two apart. On /users/me it can only mean the caller; on any other path it
 *   is a question (`confirm`) that a follow-up /users/me answers.
 * Every other refusal ('The user doesn't have enough privileges', 400 'Inactive user', a 404 for another
 * record, …) is an ordinary failure that the screen reports; the user stays signed in.
 */

const REFUSED_TOKEN = 'Could not validate credentials';
const USER_GONE = 'User not found';
export const CURRENT_USER_PATH = '/users/me';

/** `ends`: the session ends; `confirm`: the user may be gone, ask /users/me; `none`: an ordinary failure. */
export type Refusal = 'ends' | 'confirm' | 'none';

/** What an answer with `status` and `detail` to a call on `path` (ending in the API path) says of the session. */
export function classifyRefusal(status: number, detail: unknown, path: string): Refusal {
  if (status === 401) return 'ends';
  if (status === 403) return detail === REFUSED_TOKEN ? 'ends' : 'none';
  if (status === 404 && detail === USER_GONE) return path.endsWith(CURRENT_USER_PATH) ? 'ends' : 'confirm';
  return 'none';
}

/** Whether that answer ends the session by itself. */
export function endsSession(status: number, detail: unknown, path: string): boolean {
  return classifyRefusal(status, detail, path) === 'ends';
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

type RefusalListener = (refusal: Exclude<Refusal, 'none'>) => void;
const refusalListeners = new Set<RefusalListener>();

/**
 * Called when a request that carried a token is refused in a way that concerns the session: `ends` (the
 * credential was refused) or `confirm` (the user may be gone). Kept apart from the API client
 * (./client.ts) so the session can listen without loading it: /login loads the client with its first
 * submit.
 */
export function onSessionRefusal(listener: RefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

/**
 * A refusal of a call that carried the token (also for requests made without openapi-fetch), passed to
 * the session when classifyRefusal says it concerns the session.
 */
export function reportRefusal(status: number, detail: unknown, path: string): void {
  const refusal = classifyRefusal(status, detail, path);
  if (refusal === 'none') return;
  for (const listener of refusalListeners) listener(refusal);
}
