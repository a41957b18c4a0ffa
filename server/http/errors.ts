import type { ValidationIssue } from './validation.ts';

/** An error whose status and `detail` are part of the API contract. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | ValidationIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : (detail[0]?.msg ?? 'Validation Error'));
  }
}

/** A 422 in FastAPI's list shape, for checks that only the handler can make. */
export const validationFailure = (loc: (string | number)[], msg: string, type: string) =>
  new HttpError(422, [{ loc, msg, type }]);

export const notAuthenticated = () =>
  new HttpError(401, 'Not authenticated', { 'WWW-Authenticate': 'Bearer' });
export const invalidCredentials = () => new HttpError(403, 'Could not validate credentials');
export const notEnoughPrivileges = () => new HttpError(403, "The user doesn't have enough privileges");
export const inactiveUser = () => new HttpError(400, 'Inactive user');

/** A 429 whose `Retry-After` (and text, by default) says the wait in whole seconds, at least one. */
export const tooManyRequests = (
  retryAfterMs: number,
  say = (seconds: number) => `Too many requests. Try again in ${seconds} seconds.`,
) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, say(seconds), { 'Retry-After': String(seconds) });
};
