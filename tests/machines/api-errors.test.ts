import { describe, expect, it } from 'vitest';
import { ApiError, STATUS_NAMES } from '../../src/api/api-error';
import {
  CallTimeoutError,
  errorMessage,
  isApiError,
  isTransient,
  loginErrorMessage,
  NETWORK_MESSAGE,
  NetworkError,
  TIMEOUT_MESSAGE,
} from '../../src/api/errors';

describe('API error mapping', () => {
  it('names statuses 400–511 by their standard names, 422 as Validation Error', () => {
    expect(new ApiError(400, null).statusText).toBe('Bad Request');
    expect(new ApiError(404, null).statusText).toBe('Not Found');
    expect(new ApiError(422, null).statusText).toBe('Validation Error');
    expect(new ApiError(503, null).statusText).toBe('Service Unavailable');
    expect(new ApiError(511, null).statusText).toBe('Network Authentication Required');
    for (const status of Object.keys(STATUS_NAMES).map(Number)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThanOrEqual(511);
    }
  });

  it('tells an API answer from other errors without the class (it loads with the client)', () => {
    expect(isApiError(new ApiError(500, null))).toBe(true);
    expect(isApiError(new NetworkError('offline'))).toBe(false);
    expect(isApiError(new CallTimeoutError('late'))).toBe(false);
    expect(isApiError(Object.assign(new Error('x'), { name: 'ApiError' }))).toBe(false);
    expect(isApiError({ name: 'ApiError', status: 500 })).toBe(false);
  });

  it('shows the detail text, or the first msg of a 422 list', () => {
    expect(errorMessage(new ApiError(400, { detail: 'Inactive user' }))).toBe('Inactive user');
    const validation = new ApiError(422, {
      detail: [
        { loc: ['body', 'email'], msg: 'value is not a valid email address', type: 'value_error' },
        { loc: ['body', 'password'], msg: 'too short', type: 'value_error' },
      ],
    });
    expect(errorMessage(validation)).toBe('value is not a valid email address');
  });

  it("falls back to 'Something went wrong.' for what is neither the API's detail nor the network", () => {
    expect(errorMessage(new ApiError(404, 'oops'))).toBe('Something went wrong.');
    expect(errorMessage(new ApiError(422, { detail: [] }))).toBe('Something went wrong.');
    // A bug, or a browser without XMLHttpRequest, is not the network.
    expect(errorMessage(new TypeError('x is not a function'))).toBe('Something went wrong.');
    expect(errorMessage(new ReferenceError('XMLHttpRequest is not defined'))).toBe('Something went wrong.');
  });

  it('tells no answer, a late answer and a server failure apart, and which may pass if tried again', () => {
    expect(errorMessage(new NetworkError('Failed to fetch'))).toBe(NETWORK_MESSAGE);
    expect(errorMessage(new CallTimeoutError('late'))).toBe(TIMEOUT_MESSAGE);
    // A proxy's HTML 502 has no detail: its status speaks.
    expect(errorMessage(new ApiError(502, '<html>Bad Gateway</html>'))).toBe(
      'The server failed (502 Bad Gateway). Try again in a moment.',
    );
    expect(errorMessage(new ApiError(500, { detail: 'Database down' }))).toBe('Database down');
    expect(loginErrorMessage(new NetworkError('Failed to fetch'))).toBe(NETWORK_MESSAGE);
    const transient = [new NetworkError(''), new CallTimeoutError(''), new ApiError(503, null)];
    expect(transient.map(isTransient)).toEqual([true, true, true]);
    expect([new ApiError(400, null), new TypeError('bug')].map(isTransient)).toEqual([false, false]);
  });

  it("login shows the detail, or 'Something went wrong' for a list", () => {
    expect(loginErrorMessage(new ApiError(400, { detail: 'Incorrect email or password' }))).toBe(
      'Incorrect email or password',
    );
    expect(loginErrorMessage(new ApiError(422, { detail: [{ loc: [], msg: 'x', type: 'y' }] }))).toBe(
      'Something went wrong',
    );
  });
});
