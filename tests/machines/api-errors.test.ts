import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, loginErrorMessage, STATUS_NAMES } from '../../src/api/errors';

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

  it("falls back to 'Something went wrong.'", () => {
    expect(errorMessage(new ApiError(500, 'oops'))).toBe('Something went wrong.');
    expect(errorMessage(new ApiError(422, { detail: [] }))).toBe('Something went wrong.');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Something went wrong.');
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
