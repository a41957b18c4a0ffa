/** An error whose status and `detail` text are part of the API contract. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const notAuthenticated = () =>
  new HttpError(401, 'Not authenticated', { 'WWW-Authenticate': 'Bearer' });
export const invalidCredentials = () => new HttpError(403, 'Could not validate credentials');
export const notEnoughPrivileges = () => new HttpError(403, "The user doesn't have enough privileges");
export const inactiveUser = () => new HttpError(400, 'Inactive user');
