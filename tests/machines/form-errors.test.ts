import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error';
import {
  CODE_LENGTH,
  cleanCode,
  isAlreadyConfirmedError,
  isDeadCodeError,
} from '../../src/machines/confirm-email';
import { collectErrors, fieldError, fresh, isDirty, visibleErrors } from '../../src/machines/form';
import { MSG, signupSchema } from '../../src/machines/schemas';

/**
 * §5 "Forms validate on blur; all errors are collected", and Save held back until the form changed
 * (§4): which errors a form has, which it shows (a field's after its blur, every one after a submit),
 * and when it counts as changed. Then the e-mail confirmation's reading of the code and of the
 * server's refusals.
 */

const empty = { full_name: '', email: '', password: '', confirm_password: '' };

describe('errors: all collected, shown after blur or submit', () => {
  it('collects every rule a value breaks, for every field', () => {
    expect(collectErrors(signupSchema, empty)).toEqual({
      full_name: [MSG.fullNameRequired, MSG.fullNameMin],
      email: [MSG.emailRequired, MSG.emailInvalid],
      password: [MSG.passwordRequired, MSG.passwordMin],
      confirm_password: [MSG.confirmRequired],
    });
    const valid = { full_name: 'Abc', email: 'a@b.co', password: '12345678', confirm_password: '12345678' };
    expect(collectErrors(signupSchema, valid)).toEqual({});
    expect(collectErrors(signupSchema, { ...valid, confirm_password: 'other' })).toEqual({
      confirm_password: [MSG.mismatch],
    });
  });

  it("shows nothing before a blur, a blurred field's errors after it, all of them after a submit", () => {
    const context = { ...fresh(empty), errors: collectErrors(signupSchema, empty) };
    expect(visibleErrors(context)).toEqual({});
    expect(fieldError(context, 'email')).toBeUndefined();

    const blurred = { ...context, touched: { email: true } };
    expect(visibleErrors(blurred)).toEqual({ email: [MSG.emailRequired, MSG.emailInvalid] });
    // A field shows its first message.
    expect(fieldError(blurred, 'email')).toBe(MSG.emailRequired);
    expect(fieldError(blurred, 'password')).toBeUndefined();
    expect(visibleErrors({ ...context, touched: { email: false } })).toEqual({});

    const submitted = { ...context, submitted: true };
    expect(visibleErrors(submitted)).toEqual(context.errors);
    expect(fieldError(submitted, 'confirm_password')).toBe(MSG.confirmRequired);
  });

  it('a form has changed when any value differs from the one it started with, text or checkbox', () => {
    const initial = { title: 'a', done: false };
    expect(isDirty({ initial, values: { ...initial } })).toBe(false);
    expect(isDirty({ initial, values: { ...initial, title: 'b' } })).toBe(true);
    expect(isDirty({ initial, values: { ...initial, done: true } })).toBe(true);
    // Typed back to what it was: unchanged again.
    expect(isDirty({ initial, values: { title: 'a', done: false } })).toBe(false);
  });

  it('a fresh form starts from its values, untouched, unsubmitted, on its record', () => {
    const target = { id: 'x' };
    expect(fresh({ title: 't' }, target)).toEqual({
      initial: { title: 't' },
      values: { title: 't' },
      touched: {},
      errors: {},
      submitted: false,
      target,
      error: null,
      output: undefined,
    });
    expect(fresh({ title: 't' }).target).toBeNull();
  });
});

describe('e-mail confirmation: the code and the refusals', () => {
  it('keeps the digits of what was typed, six at most', () => {
    expect(CODE_LENGTH).toBe(6);
    expect(cleanCode(' 12 34-56 ')).toBe('123456');
    expect(cleanCode('1234567')).toBe('123456');
    expect(cleanCode('abc')).toBe('');
    expect(cleanCode('12a3')).toBe('123');
  });

  // The server's answers: server/users/confirmation.ts.
  it("a dead code is a 400 ending with 'Ask for a new code.'", () => {
    const refused = (status: number, detail: string) => new ApiError(status, { detail });
    expect(isDeadCodeError(refused(400, 'The confirmation code has expired. Ask for a new code.'))).toBe(
      true,
    );
    expect(isDeadCodeError(refused(400, 'Too many wrong codes. Ask for a new code.'))).toBe(true);
    expect(isDeadCodeError(refused(400, 'No confirmation code is pending. Ask for a new code.'))).toBe(true);
    expect(isDeadCodeError(refused(400, 'Wrong code'))).toBe(false);
    expect(isDeadCodeError(refused(400, 'Ask for a new code. Or not'))).toBe(false);
    expect(isDeadCodeError(refused(429, 'The confirmation code has expired. Ask for a new code.'))).toBe(
      false,
    );
    expect(isDeadCodeError(refused(400, 'The confirmation code has expired. Ask for a new code!'))).toBe(
      false,
    );
  });

  it("'Email is already confirmed' (400) is told apart", () => {
    expect(isAlreadyConfirmedError(new ApiError(400, { detail: 'Email is already confirmed' }))).toBe(true);
    expect(isAlreadyConfirmedError(new ApiError(409, { detail: 'Email is already confirmed' }))).toBe(false);
    expect(isAlreadyConfirmedError(new ApiError(400, { detail: 'Wrong code' }))).toBe(false);
    expect(isAlreadyConfirmedError(null)).toBe(false);
  });
});
