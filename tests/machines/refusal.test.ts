import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error';
import { tokenMiddleware } from '../../src/api/client';
import {
  classifyRefusal,
  endsSession,
  errorEndsSession,
  onSessionRefusal,
  reportRefusal,
} from '../../src/api/refusal';

const PRIVILEGES = "The user doesn't have enough privileges";

describe('which refusals end the session', () => {
  it('a refused credential: 401, 403 "Could not validate credentials", 404 "User not found" on /users/me', () => {
    expect(endsSession(401, 'Not authenticated', '/api/v1/items/')).toBe(true);
    expect(endsSession(403, 'Could not validate credentials', '/api/v1/items/')).toBe(true);
    expect(endsSession(404, 'User not found', '/api/v1/users/me')).toBe(true);
  });

  it("404 'User not found' elsewhere asks /users/me: the guard's answer for a deleted caller reads like a handler's for another user", () => {
    expect(classifyRefusal(404, 'User not found', '/api/v1/items/')).toBe('confirm');
    expect(classifyRefusal(404, 'User not found', '/api/v1/users/1234')).toBe('confirm');
    expect(classifyRefusal(404, 'User not found', '/api/v1/users/me')).toBe('ends');
    expect(classifyRefusal(404, 'Item not found', '/api/v1/items/1234')).toBe('none');
    expect(classifyRefusal(400, 'Inactive user', '/api/v1/items/')).toBe('none');
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
    const reported: string[] = [];
    const stop = onSessionRefusal((refusal) => {
      reported.push(refusal);
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
    expect(await answer(403, 'Could not validate credentials', '/items/')).toEqual(['ends']);
    expect(await answer(401, 'Not authenticated', '/items/')).toEqual(['ends']);
    expect(await answer(404, 'User not found', '/users/me')).toEqual(['ends']);
    expect(await answer(403, PRIVILEGES, '/users/1234')).toEqual([]);
    expect(await answer(400, 'Inactive user', '/users/me')).toEqual([]);
    // Maybe the caller is gone, maybe another user: the session asks /users/me.
    expect(await answer(404, 'User not found', '/users/1234')).toEqual(['confirm']);
    expect(await answer(404, 'User not found', '/items/')).toEqual(['confirm']);
    // A call without a token (logging in) never ends a session.
    expect(await answer(401, 'Not authenticated', '/items/', false)).toEqual([]);
  });

  it('requests made without openapi-fetch follow the same rule', () => {
    const reported: string[] = [];
    const stop = onSessionRefusal((refusal) => {
      reported.push(refusal);
    });
    reportRefusal(403, PRIVILEGES, '/api/v1/users/me/photo');
    expect(reported).toEqual([]);
    reportRefusal(403, 'Could not validate credentials', '/api/v1/users/me/photo');
    expect(reported).toEqual(['ends']);
    stop();
  });
});
