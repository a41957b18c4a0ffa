import type { ApiError } from './api-error';

export const FALLBACK_MESSAGE = 'Something went wrong.';

/**
 * By its name rather than `instanceof`: the class and its status table (./api-error.ts) load with the API
 * client, and /login's JavaScript budget (ARCHITECTURE.md) has no room for them before the first submit.
 */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError' && 'status' in error;
}

function detailOf(error: unknown): unknown {
  if (!isApiError(error)) return undefined;
  const body = error.body;
  if (body && typeof body === 'object' && 'detail' in body) return (body as { detail: unknown }).detail;
  return undefined;
}

function firstMsg(detail: unknown[]): string | undefined {
  const first = detail[0];
  if (first && typeof first === 'object' && 'msg' in first && typeof first.msg === 'string') return first.msg;
  return undefined;
}

/** The call got no answer at all: offline, the connection cut, DNS (fetch rejected). */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** The call was not answered within its time limit (CALL_TIME_LIMITS). */
export class CallTimeoutError extends Error {
  override name = 'CallTimeoutError';
}

/**
 * How long a call may go unanswered before the machine waiting for it gives up (its `after` edge):
 * reads are retried or tried again by the user, so they give up sooner than writes, which the server
 * may still be doing.
 */
export const CALL_TIME_LIMITS = { read: 10_000, write: 30_000 };

export const NETWORK_MESSAGE = 'The server could not be reached. Check your connection and try again.';
export const TIMEOUT_MESSAGE = 'The server did not answer in time. Try again.';

/** Whether trying the same call again may help: no answer, or the server's own failure (5xx). */
export function isTransient(error: unknown): boolean {
  return (
    error instanceof NetworkError ||
    error instanceof CallTimeoutError ||
    (isApiError(error) && error.status >= 500)
  );
}

/** A failure that the API's detail does not explain: no answer, too late, or the server's 5xx. */
function transientMessage(error: unknown): string | undefined {
  if (error instanceof NetworkError) return NETWORK_MESSAGE;
  if (error instanceof CallTimeoutError) return TIMEOUT_MESSAGE;
  if (isApiError(error) && error.status >= 500)
    return `The server failed (${error.status} ${error.statusText}). Try again in a moment.`;
  return undefined;
}

/**
 * The message shown for a failed call: the detail text, or for a list (422) the first entry's msg; a
 * call without an answer, answered too late or failed by the server says so; else 'Something went wrong.'.
 */
export function errorMessage(error: unknown): string {
  const detail = detailOf(error);
  if (typeof detail === 'string' && detail.length > 0) return detail;
  if (Array.isArray(detail)) return firstMsg(detail) ?? FALLBACK_MESSAGE;
  return transientMessage(error) ?? FALLBACK_MESSAGE;
}

/** The login form shows the detail text inline; a list detail reads 'Something went wrong'. */
export function loginErrorMessage(error: unknown): string {
  const detail = detailOf(error);
  if (typeof detail === 'string' && detail.length > 0) return detail;
  return (!Array.isArray(detail) && transientMessage(error)) || 'Something went wrong';
}
