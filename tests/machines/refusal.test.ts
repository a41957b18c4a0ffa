import { describe, expect, it } from 'vitest';
import { onUnauthorized, reportRefusal, tokenMiddleware } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { endsSession, errorEndsSession } from '../../src/api/refusal';

const PRIVILEGES = "The user doesn't have enough privileges";

describe('which refusals end the session', () => {
  it('a refused credential: 401, 403 "Could not validate credentials", 404 "User not found" on /users/me', () => {
    expect(endsSession(401, 'Not authenticated', '/api/v1/items/')).toBe(true);
    expect(endsSession(403, 'Could not validate credentials', '/api/v1/items/')).toBe(true);
    expect(endsSession(404, 'User not found', '/api/v1/users/me')).toBe(true);
  });

  it('any other refusal is an ordinary failure', () => {
    expect(endsSession(403, PRIVILEGES, '/api/v1/users/1234')).toBe(false);
    expect(endsSession(403, 'Super users are not allowed to delete themselves', '/api/v1/users/me')).toBe(
      false,
    );
    expect(endsSession(403, undefined, '/api/v1/items/')).toBe(false);
    // Another user's record is gone: the signed-in user is not.
    expect(endsSession(404, 'User not found', '/api/v1/users/1234')).toBe(false);
    expect(endsSession(404, 'Not Found', '/api/v1/users/me')).toBe(false);
    expect(endsSession(400, 'Inactive user', '/api/v1/users/me')).toBe(false);
    expect(endsSession(500, 'Internal Server Error', '/api/v1/users/me')).toBe(false);
  });

  it('reads an error a call failed with the same way', () => {
    expect(
      errorEndsSession(new ApiError(403, { detail: 'Could not validate credentials' }), '/users/me'),
    ).toBe(true);
    expect(errorEndsSession(new ApiError(403, { detail: PRIVILEGES }), '/users/me')).toBe(false);
    expect(errorEndsSession(new ApiError(404, { detail: 'User not found' }), '/users/me')).toBe(true);
    expect(errorEndsSession(new ApiError(401, null), '/users/me')).toBe(true);
    expect(errorEndsSession(new TypeError('Failed to fetch'), '/users/me')).toBe(false);
  });
});

describe('the client reports only refused credentials', () => {
  async function answer(status: number, detail: string, path: string, withToken = true) {
    let reported = 0;
    const stop = onUnauthorized(() => {
      reported += 1;
    });
    const request = new Request(`http://127.0.0.1/api/v1${path}`);
    if (withToken) request.headers.set('Authorization', 'Bearer t');
    const response = new Response(JSON.stringify({ detail }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
    const onResponse = tokenMiddleware.onResponse as NonNullable<typeof tokenMiddleware.onResponse>;
    const returned = await onResponse({ request, response } as never);
    stop();
    // The screen still reads the answer.
    expect(await (returned as Response).json()).toEqual({ detail });
    return reported;
  }

  it('ends the session on a refused token, not on missing privileges', async () => {
    expect(await answer(403, 'Could not validate credentials', '/items/')).toBe(1);
    expect(await answer(401, 'Not authenticated', '/items/')).toBe(1);
    expect(await answer(404, 'User not found', '/users/me')).toBe(1);
    expect(await answer(403, PRIVILEGES, '/users/1234')).toBe(0);
    expect(await answer(404, 'User not found', '/users/1234')).toBe(0);
    // A call without a token (logging in) never ends a session.
    expect(await answer(401, 'Not authenticated', '/items/', false)).toBe(0);
  });

  it('requests made without openapi-fetch follow the same rule', () => {
    let reported = 0;
    const stop = onUnauthorized(() => {
      reported += 1;
    });
    reportRefusal(403, PRIVILEGES, '/api/v1/users/me/photo');
    expect(reported).toBe(0);
    reportRefusal(403, 'Could not validate credentials', '/api/v1/users/me/photo');
    expect(reported).toBe(1);
    stop();
  });
});
