import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error';
import { PAGE_SIZES, pageToSkip, parsePage } from '../../src/api/paging';
import { ASSET_MAX_BYTES, checkAsset } from '../../src/machines/asset-upload';
import { RESEND_INTERVAL_SECONDS, retryAfterSeconds } from '../../src/machines/confirm-email';
import { checkPhoto, PHOTO_MAX_BYTES, PHOTO_TYPE_MESSAGE } from '../../src/machines/profile-photo';
import { fieldRefusal } from '../../src/machines/refusals';
import {
  loginSchema,
  MSG,
  recoverPasswordSchema,
  resetPasswordSchema,
  signupSchema,
} from '../../src/machines/schemas';
import {
  addItemSchema,
  addUserSchema,
  changePasswordSchema,
  editUserSchema,
  profileSchema,
  setPasswordSchema,
} from '../../src/machines/signed-in-schemas';
import { checkSize, MEGABYTE, uploadPercent } from '../../src/machines/upload';

/**
 * The rules the machines apply, each at its boundary (one step either side), stated as the spec
 * (§4 paging, §5 validation) and the server (upload limits, 429 answers) give them. A rule loosened or
 * tightened by one — a pattern's anchor, `>` for `>=`, a minimum off by one — fails here by name.
 */

/** The messages a schema gives for `values`, by field (the first per field, as a form shows it). */
function messages(schema: v.GenericSchema, values: Record<string, unknown>): Record<string, string> {
  const result = v.safeParse(schema, values, { abortPipeEarly: true });
  const byField: Record<string, string> = {};
  for (const issue of result.issues ?? []) {
    const field = v.getDotPath(issue) ?? '';
    byField[field] ??= issue.message;
  }
  return byField;
}

describe('§5 e-mail: a standard e-mail pattern, "Invalid email address"', () => {
  const VALID = [
    'user@example.com',
    'USER@EXAMPLE.COM',
    'first.last+tag@mail.example.org',
    'a_b%c-d@x-y.co',
    'ab12@sub.domain.info',
  ];
  const INVALID = [
    'user',
    'user@',
    '@example.com',
    'user@example',
    'user@example.c',
    'user@example-com',
    'user name@example.com',
    'user@exa mple.com',
    ' user@example.com',
    'user@example.com ',
    'user@example.com!',
    'user@example.c0m',
    'user@@example.com',
    'us(er@example.com',
    'user@exam_ple.com',
  ];

  it.each(VALID)('accepts %j', (address) => {
    expect(messages(recoverPasswordSchema, { email: address })).toEqual({});
    expect(messages(loginSchema, { username: address, password: 'x' })).toEqual({});
  });

  it.each(INVALID)('refuses %j', (address) => {
    expect(messages(recoverPasswordSchema, { email: address })).toEqual({ email: MSG.emailInvalid });
    expect(messages(loginSchema, { username: address, password: 'x' })).toEqual({
      username: MSG.emailInvalid,
    });
  });

  it('required: "Email is required"; the login username: "Username is required"', () => {
    expect(messages(recoverPasswordSchema, { email: '' })).toEqual({ email: MSG.emailRequired });
    expect(messages(loginSchema, { username: '', password: '' })).toEqual({
      username: MSG.usernameRequired,
      password: MSG.passwordRequired,
    });
  });

  it('admin forms refuse a malformed address without the pattern message', () => {
    const values = {
      email: 'user@example',
      full_name: '',
      password: '12345678',
      confirm_password: '12345678',
      is_superuser: false,
      is_active: false,
    };
    expect(messages(addUserSchema, values)).toEqual({ email: '' });
    expect(messages(addUserSchema, { ...values, email: 'user@example.com' })).toEqual({});
    expect(messages(addUserSchema, { ...values, email: '' })).toEqual({ email: MSG.emailRequired });
  });
});

describe('§5 passwords: required, at least 8 characters, confirmed', () => {
  const seven = '1234567';
  const eight = '12345678';

  it('signup: 7 characters refused, 8 accepted; the confirmation must match', () => {
    const base = { full_name: 'Abc', email: 'a@b.co' };
    expect(messages(signupSchema, { ...base, password: seven, confirm_password: seven })).toEqual({
      password: MSG.passwordMin,
    });
    expect(messages(signupSchema, { ...base, password: eight, confirm_password: eight })).toEqual({});
    expect(messages(signupSchema, { ...base, password: eight, confirm_password: '12345679' })).toEqual({
      confirm_password: MSG.mismatch,
    });
    expect(messages(signupSchema, { ...base, password: '', confirm_password: '' })).toEqual({
      password: MSG.passwordRequired,
      confirm_password: MSG.confirmRequired,
    });
  });

  it('reset, change password, admin create and admin set-password: the same minimum', () => {
    expect(messages(resetPasswordSchema, { new_password: seven, confirm_password: seven })).toEqual({
      new_password: MSG.passwordMin,
    });
    expect(messages(resetPasswordSchema, { new_password: eight, confirm_password: eight })).toEqual({});
    const change = { current_password: 'old' };
    expect(
      messages(changePasswordSchema, { ...change, new_password: seven, confirm_password: seven }),
    ).toEqual({
      new_password: MSG.passwordMin,
    });
    expect(
      messages(changePasswordSchema, { ...change, new_password: eight, confirm_password: eight }),
    ).toEqual({});
    expect(
      messages(changePasswordSchema, { current_password: '', new_password: eight, confirm_password: eight }),
    ).toEqual({ current_password: MSG.passwordRequired });
    expect(messages(setPasswordSchema, { password: seven, confirm_password: seven })).toEqual({
      password: MSG.passwordMin,
    });
    expect(messages(setPasswordSchema, { password: eight, confirm_password: '' })).toEqual({
      confirm_password: MSG.confirmRequired,
    });
    const user = { email: 'a@b.co', full_name: '', is_superuser: false, is_active: false };
    expect(messages(addUserSchema, { ...user, password: eight, confirm_password: '' })).toEqual({
      confirm_password: MSG.confirmRequiredAdmin,
    });
    expect(messages(addUserSchema, { ...user, password: seven, confirm_password: seven })).toEqual({
      password: MSG.passwordMin,
    });
  });

  it('login: the password is only required', () => {
    expect(messages(loginSchema, { username: 'a@b.co', password: '1' })).toEqual({});
  });
});

describe('§5 admin edit: an empty password is allowed, a short one is not; the birth date is a date', () => {
  const user = {
    email: 'a@b.co',
    full_name: '',
    major: '',
    phone: '',
    birth_date: '',
    gender: '',
    subscription_type: 'Free',
    is_superuser: false,
    is_active: true,
    is_email_confirmed: false,
    password: '',
    confirm_password: '',
  };

  it('password: empty or at least 8 characters, confirmed', () => {
    expect(messages(editUserSchema, user)).toEqual({});
    expect(messages(editUserSchema, { ...user, password: '1234567', confirm_password: '1234567' })).toEqual({
      password: MSG.passwordMin,
    });
    expect(messages(editUserSchema, { ...user, password: '12345678', confirm_password: '12345678' })).toEqual(
      {},
    );
    expect(messages(editUserSchema, { ...user, password: '12345678', confirm_password: '' })).toEqual({
      confirm_password: MSG.mismatch,
    });
  });

  it.each(['', '1990-05-17', '2024-12-31'])('birth date %j is accepted', (birth_date) => {
    expect(messages(editUserSchema, { ...user, birth_date })).toEqual({});
  });

  it.each([
    '1990-5-17',
    '90-05-17',
    '1990-05-177',
    '19900-05-17',
    'x1990-05-17',
    '1990-05-17x',
    '1990/05/17',
    'abcd-ef-gh',
    '1990-0a-17',
  ])('birth date %j is refused, with a message', (birth_date) => {
    const refused = messages(editUserSchema, { ...user, birth_date });
    expect(Object.keys(refused)).toEqual(['birth_date']);
    expect(refused.birth_date).toMatch(/\S/);
  });
});

describe('§5 names and items', () => {
  it('signup full name: required, at least 3 characters', () => {
    const base = { email: 'a@b.co', password: '12345678', confirm_password: '12345678' };
    expect(messages(signupSchema, { ...base, full_name: '' })).toEqual({ full_name: MSG.fullNameRequired });
    expect(messages(signupSchema, { ...base, full_name: 'Ab' })).toEqual({ full_name: MSG.fullNameMin });
    expect(messages(signupSchema, { ...base, full_name: 'Abc' })).toEqual({});
  });

  it('profile full name: at most 30 characters; the e-mail required', () => {
    expect(messages(profileSchema, { full_name: 'x'.repeat(30), email: 'a@b.co' })).toEqual({});
    expect(messages(profileSchema, { full_name: 'x'.repeat(31), email: 'a@b.co' })).toEqual({
      full_name: MSG.fullNameMax,
    });
    expect(messages(profileSchema, { full_name: '', email: '' })).toEqual({ email: MSG.emailRequired });
  });

  it('item: title required, SKU at most 255 characters as the API', () => {
    expect(messages(addItemSchema, { title: '', description: '', sku: '' })).toEqual({
      title: 'Title is required.',
    });
    expect(messages(addItemSchema, { title: 't', description: '', sku: 'x'.repeat(255) })).toEqual({});
    expect(
      Object.keys(messages(addItemSchema, { title: 't', description: '', sku: 'x'.repeat(256) })),
    ).toEqual(['sku']);
  });
});

describe('§4 paging: five rows a page, ?page a positive integer', () => {
  it.each([
    ['3', 3],
    [3, 3],
    [' 2 ', 2],
    ['1', 1],
    ['0', 1],
    [0, 1],
    ['-1', 1],
    ['1.5', 1],
    [2.5, 1],
    ['abc', 1],
    ['', 1],
    ['   ', 1],
    [undefined, 1],
    [[2], 1],
    [null, 1],
  ])('?page=%j is page %i', (raw, page) => {
    expect(parsePage(raw)).toBe(page);
  });

  it('a page asks for its five rows (spec §9: five per page, items and users alike)', () => {
    expect(PAGE_SIZES).toEqual({ items: 5, users: 5 });
    expect(pageToSkip({ page: 1, pageSize: 5 })).toEqual({ skip: 0, limit: 5 });
    expect(pageToSkip({ page: 3, pageSize: 5 })).toEqual({ skip: 10, limit: 5 });
    expect(pageToSkip({ page: 3, pageSize: 10 })).toEqual({ skip: 20, limit: 10 });
  });
});

describe('uploads: the server limits (server/storage/uploads.ts), at their boundaries', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size });

  it('a file of exactly the limit is accepted, one byte more is refused, an empty one too', () => {
    expect(checkSize(file('a', '', 5 * MEGABYTE), 5 * MEGABYTE)).toBeNull();
    expect(checkSize(file('a', '', 5 * MEGABYTE + 1), 5 * MEGABYTE)).toBe(
      'File too large: the limit is 5 MB',
    );
    expect(checkSize(file('a', '', 0), 5 * MEGABYTE)).toBe('The file is empty');
    expect(checkSize(file('a', '', 1), 5 * MEGABYTE)).toBeNull();
    expect(checkAsset(file('a.bin', '', ASSET_MAX_BYTES))).toBeNull();
    expect(checkAsset(file('a.bin', '', ASSET_MAX_BYTES + 1))).toBe('File too large: the limit is 20 MB');
    expect(ASSET_MAX_BYTES).toBe(20 * MEGABYTE);
    expect(PHOTO_MAX_BYTES).toBe(5 * MEGABYTE);
  });

  it('photo: PNG, JPEG or WebP by declared type, else by name; size first', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp'])
      expect(checkPhoto(file('x', type, 10))).toBeNull();
    for (const type of ['image/gif', 'application/pdf', 'image/pngx']) {
      expect(checkPhoto(file('x.png', type, 10))).toBe(PHOTO_TYPE_MESSAGE);
    }
    for (const name of ['a.png', 'a.PNG', 'a.jpg', 'a.jpeg', 'a.JPEG', 'a.webp']) {
      expect(checkPhoto(file(name, '', 10)), name).toBeNull();
    }
    for (const name of ['a.png.exe', 'apng', 'a.jpgx', 'a.jpeeg', 'a.gif', 'png', 'a.pn']) {
      expect(checkPhoto(file(name, '', 10)), name).toBe(PHOTO_TYPE_MESSAGE);
    }
    expect(checkPhoto(file('a.gif', 'image/gif', PHOTO_MAX_BYTES + 1))).toBe(
      'File too large: the limit is 5 MB',
    );
    expect(checkPhoto(file('a.gif', 'image/gif', 0))).toBe('The file is empty');
  });

  it('progress: percent of the known total, 0 while unknown, never above 100', () => {
    expect(uploadPercent({ loaded: 0, total: 0 })).toBe(0);
    expect(uploadPercent({ loaded: 10, total: 0 })).toBe(0);
    expect(uploadPercent({ loaded: 50, total: 100 })).toBe(50);
    expect(uploadPercent({ loaded: 1, total: 3 })).toBe(33);
    expect(uploadPercent({ loaded: 2, total: 3 })).toBe(67);
    expect(uploadPercent({ loaded: 100, total: 100 })).toBe(100);
    expect(uploadPercent({ loaded: 150, total: 100 })).toBe(100);
  });
});

describe('429 on resend: how long the user waits', () => {
  const tooMany = (detail: string, retryAfter?: number) =>
    Object.assign(new ApiError(429, { detail }), retryAfter === undefined ? {} : { retryAfter });

  it('the Retry-After header first, rounded up to whole seconds', () => {
    expect(retryAfterSeconds(tooMany('Please wait 40 seconds', 12))).toBe(12);
    expect(retryAfterSeconds(tooMany('Please wait 40 seconds', 2.2))).toBe(3);
  });

  it("else the number in the server's message, at least 1", () => {
    expect(retryAfterSeconds(tooMany('Please wait 40 seconds before asking again', 0))).toBe(40);
    expect(retryAfterSeconds(tooMany('Please wait 1 second'))).toBe(1);
    expect(retryAfterSeconds(tooMany('Please wait 0 seconds'))).toBe(1);
    expect(retryAfterSeconds(tooMany('Please wait 17 seconds', Number.NaN))).toBe(17);
    // Only a finite number of seconds is a header value.
    expect(retryAfterSeconds(tooMany('Please wait 17 seconds', Number.POSITIVE_INFINITY))).toBe(17);
    expect(retryAfterSeconds(Object.assign(tooMany('Please wait 17 seconds'), { retryAfter: '5' }))).toBe(17);
  });

  it('else the whole interval', () => {
    expect(retryAfterSeconds(tooMany('Too many requests'))).toBe(RESEND_INTERVAL_SECONDS);
    expect(retryAfterSeconds(null)).toBe(RESEND_INTERVAL_SECONDS);
    expect(RESEND_INTERVAL_SECONDS).toBe(60);
  });
});

describe('a server refusal marks its field (current password, breached or reused new password)', () => {
  const refused = (detail: string) => new ApiError(400, { detail });
  // The server's answers (server/auth/common-passwords.ts, server/users/handlers.ts).
  const breached =
    'This password is too common and appears in lists of breached passwords. Choose a different one.';

  it('only after a failed submit, and only the field the message concerns', () => {
    expect(fieldRefusal(true, refused('Incorrect password'), 'current_password')).toBe('Incorrect password');
    expect(fieldRefusal(false, refused('Incorrect password'), 'current_password')).toBeNull();
    expect(fieldRefusal(true, null, 'current_password')).toBeNull();
    expect(fieldRefusal(true, refused('Incorrect password'), 'new_password')).toBeNull();
    expect(fieldRefusal(true, refused(breached), 'password')).toBe(breached);
    expect(fieldRefusal(true, refused(breached), 'new_password')).toBe(breached);
    expect(fieldRefusal(true, refused(breached), 'current_password')).toBeNull();
    const same = 'New password cannot be the same as the current one';
    expect(fieldRefusal(true, refused(same), 'new_password')).toBe(same);
    expect(fieldRefusal(true, refused(same), 'password')).toBeNull();
    expect(fieldRefusal(true, refused('Incorrect password!'), 'current_password')).toBeNull();
  });
});
