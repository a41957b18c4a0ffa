import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorHandler } from '../../server/http/client-errors.ts';
import { API, dbSnapshot, expectValidation, multipart } from '../support/api.ts';
import {
  type RequestOptions,
  startTestServer,
  type TestServer,
  type TestUser,
  uniqueEmail,
} from '../support/server.ts';

/**
 * Bad input never gives a 5xx and never writes: each case states the exact answer the contract (FastAPI's
 * 422 shape) gives, and the users and items tables are compared before and after.
 */

let server: TestServer;
let su: string;
let user: TestUser;
let itemId: string;
beforeAll(async () => {
  server = await startTestServer();
  su = await server.superuserToken();
  user = await server.newUser();
  const item = await server.request('POST', `${API}/items/`, {
    token: user.token,
    json: { title: 'Existing' },
  });
  itemId = item.body.id;
});
afterAll(() => server.close());

type Who = 'user' | 'superuser' | 'anonymous';
interface Case {
  name: string;
  method: string;
  path: () => string;
  who: Who;
  options: () => RequestOptions;
  /** 422 with an entry at this loc (and type), or another status with this body. */
  loc?: (string | number)[];
  type?: string;
  status?: number;
  body?: unknown;
}

const tokenOf = (who: Who) => (who === 'user' ? user.token : who === 'superuser' ? su : undefined);
const json = (body: unknown) => () => ({ json: body });
const raw = (payload: string, contentType: string) => () => ({
  payload,
  headers: { 'content-type': contentType },
});
const over = (n: number) => 'x'.repeat(n);
const longEmail = () => `${'a'.repeat(256 - '@example.com'.length)}@example.com`; // 256 characters, well formed
const goodSignup = () => ({
  email: uniqueEmail('bad-input'),
  password: 'good-password-1',
  full_name: 'Fine',
});

/** The JSON writes of the API, for the cases that apply to every one of them. */
const JSON_WRITES: {
  op: string;
  method: string;
  path: () => string;
  who: Who;
  valid: () => Record<string, unknown>;
}[] = [
  {
    op: 'POST /users/signup',
    method: 'POST',
    path: () => '/users/signup',
    who: 'anonymous',
    valid: goodSignup,
  },
  {
    op: 'POST /users/',
    method: 'POST',
    path: () => '/users/',
    who: 'superuser',
    valid: () => ({ email: uniqueEmail('bad-admin'), password: 'good-password-2' }),
  },
  {
    op: 'PATCH /users/me',
    method: 'PATCH',
    path: () => '/users/me',
    who: 'user',
    valid: () => ({ full_name: 'Changed' }),
  },
  {
    op: 'PATCH /users/me/password',
    method: 'PATCH',
    path: () => '/users/me/password',
    who: 'user',
    valid: () => ({ current_password: user.password, new_password: 'a-new-password-9' }),
  },
  {
    op: 'PATCH /users/{user_id}',
    method: 'PATCH',
    path: () => `/users/${user.id}`,
    who: 'superuser',
    valid: () => ({ full_name: 'Admin Changed' }),
  },
  {
    op: 'POST /items/',
    method: 'POST',
    path: () => '/items/',
    who: 'user',
    valid: () => ({ title: 'New item' }),
  },
  {
    op: 'PUT /items/{id}',
    method: 'PUT',
    path: () => `/items/${itemId}`,
    who: 'user',
    valid: () => ({ title: 'Renamed' }),
  },
  {
    op: 'POST /reset-password/',
    method: 'POST',
    path: () => '/reset-password/',
    who: 'anonymous',
    valid: () => ({ token: 'x', new_password: 'a-new-password-9' }),
  },
];

const CASES: Case[] = [
  // Malformed, missing or mistyped bodies on every JSON write.
  ...JSON_WRITES.flatMap((w): Case[] => [
    {
      name: `${w.op}: malformed JSON`,
      method: w.method,
      path: w.path,
      who: w.who,
      options: raw('{"title": "x",', 'application/json'),
      loc: ['body'],
      type: 'json_invalid',
    },
    {
      name: `${w.op}: no body`,
      method: w.method,
      path: w.path,
      who: w.who,
      options: () => ({}),
      loc: ['body'],
    },
    {
      name: `${w.op}: an empty body labelled JSON`,
      method: w.method,
      path: w.path,
      who: w.who,
      options: raw('', 'application/json'),
      loc: ['body'],
      type: 'missing',
    },
    {
      name: `${w.op}: a JSON array`,
      method: w.method,
      path: w.path,
      who: w.who,
      options: () => ({ json: [w.valid()] }),
      loc: ['body'],
    },
    {
      name: `${w.op}: JSON null`,
      method: w.method,
      path: w.path,
      who: w.who,
      options: json(null),
      loc: ['body'],
    },
    {
      name: `${w.op}: the valid fields sent as text/plain`,
      method: w.method,
      path: w.path,
      who: w.who,
      options: () => raw(JSON.stringify(w.valid()), 'text/plain')(),
      loc: ['body'],
    },
    {
      name: `${w.op}: the valid fields sent URL-encoded`,
      method: w.method,
      path: w.path,
      who: w.who,
      options: () => ({
        form: Object.fromEntries(Object.entries(w.valid()).map(([k, v]) => [k, String(v)])),
      }),
      loc: ['body'],
    },
    {
      name: `${w.op}: the valid fields sent as application/xml`,
      method: w.method,
      path: w.path,
      who: w.who,
      options: raw('<body/>', 'application/xml'),
      status: 415,
      body: { detail: 'Unsupported Media Type' },
    },
  ]),

  // Required fields.
  {
    name: 'signup without email',
    method: 'POST',
    path: () => '/users/signup',
    who: 'anonymous',
    options: json({ password: 'good-password-1' }),
    loc: ['body', 'email'],
    type: 'missing',
  },
  {
    name: 'signup without password',
    method: 'POST',
    path: () => '/users/signup',
    who: 'anonymous',
    options: json({ email: uniqueEmail() }),
    loc: ['body', 'password'],
    type: 'missing',
  },
  {
    name: 'item without title',
    method: 'POST',
    path: () => '/items/',
    who: 'user',
    options: json({ description: 'no title' }),
    loc: ['body', 'title'],
    type: 'missing',
  },

  // Wrong types: a number where a string belongs, a string where a boolean belongs.
  {
    name: 'signup email as a number',
    method: 'POST',
    path: () => '/users/signup',
    who: 'anonymous',
    options: json({ ...goodSignup(), email: 12345 }),
    loc: ['body', 'email'],
  },
  {
    name: 'signup password as a number',
    method: 'POST',
    path: () => '/users/signup',
    who: 'anonymous',
    options: json({ ...goodSignup(), password: 123456789 }),
    loc: ['body', 'password'],
  },
  {
    name: 'signup full_name as a number',
    method: 'POST',
    path: () => '/users/signup',
    who: 'anonymous',
    options: json({ ...goodSignup(), full_name: 42 }),
    loc: ['body', 'full_name'],
  },
  {
    name: 'item title as a number',
    method: 'POST',
    path: () => '/items/',
    who: 'user',
    options: json({ title: 5 }),
    loc: ['body', 'title'],
  },
  {
    name: 'item title null',
    method: 'POST',
    path: () => '/items/',
    who: 'user',
    options: json({ title: null }),
    loc: ['body', 'title'],
  },
  {
    name: 'item description as an object',
    method: 'POST',
    path: () => '/items/',
    who: 'user',
    options: json({ title: 'ok', description: { a: 1 } }),
    loc: ['body', 'description'],
  },
  {
    name: 'item update title as a number',
    method: 'PUT',
    path: () => `/items/${itemId}`,
    who: 'user',
    options: json({ title: 7 }),
    loc: ['body', 'title'],
  },
  {
    name: 'admin create is_active as a string',
    method: 'POST',
    path: () => '/users/',
    who: 'superuser',
    options: json({ email: uniqueEmail(), password: 'good-password-3', is_active: 'maybe' }),
    loc: ['body', 'is_active'],
  },
  {
    name: 'admin create is_superuser as a string',
    method: 'POST',
    path: () => '/users/',
    who: 'superuser',
    options: json({ email: uniqueEmail(), password: 'good-password-3', is_superuser: 'indeed' }),
    loc: ['body', 'is_superuser'],
  },
  {
    name: 'admin update is_superuser as a string',
    method: 'PATCH',
    path: () => `/users/${user.id}`,
    who: 'superuser',
    options: json({ is_superuser: 'indeed' }),
    loc: ['body', 'is_superuser'],
  },
  {
    name: 'admin update is_active as a number',
    method: 'PATCH',
    path: () => `/users/${user.id}`,
    who: 'superuser',
    options: json({ is_active: 5 }),
    loc: ['body', 'is_active'],
  },
  {
    name: 'profile email as a number',
    method: 'PATCH',
    path: () => '/users/me',
    who: 'user',
    options: json({ email: 99 }),
    loc: ['body', 'email'],
  },
  {
    name: 'password change with numbers',
    method: 'PATCH',
    path: () => '/users/me/password',
    who: 'user',
    options: json({ current_password: 12345678, new_password: 87654321 }),
    loc: ['body', 'current_password'],
  },

  // Formats and enums.
  {
    name: 'signup with a malformed e-mail',
    method: 'POST',
    path: () => '/users/signup',
    who: 'anonymous',
    options: json({ ...goodSignup(), email: 'not-an-email' }),
    loc: ['body', 'email'],
  },
  {
    name: 'profile with a malformed e-mail',
    method: 'PATCH',
    path: () => '/users/me',
    who: 'user',
    options: json({ email: 'two@@example.com' }),
    loc: ['body', 'email'],
  },
  {
    name: 'profile with an unknown gender',
    method: 'PATCH',
    path: () => '/users/me',
    who: 'user',
    options: json({ gender: 'Other' }),
    loc: ['body', 'gender'],
  },
  {
    name: 'profile with an impossible birth date',
    method: 'PATCH',
    path: () => '/users/me',
    who: 'user',
    options: json({ birth_date: '2001-02-30' }),
    loc: ['body', 'birth_date'],
  },
  {
    name: 'admin create with an unknown plan',
    method: 'POST',
    path: () => '/users/',
    who: 'superuser',
    options: json({ email: uniqueEmail(), password: 'good-password-3', subscription_type: 'Gold' }),
    loc: ['body', 'subscription_type'],
  },

  // Lengths: email ≤ 255, password 8..128, full_name ≤ 255, title 1..255, description ≤ 255.
  {
    name: 'signup email of 256 characters',
    method: 'POST',
    path: () => '/users/signup',
    who: 'anonymous',
    options: () => ({ json: { ...goodSignup(), email: longEmail() } }),
    loc: ['body', 'email'],
  },
  {
    name: 'signup password of 129 characters',
    method: 'POST',
    path: () => '/users/signup',
    who: 'anonymous',
    options: json({ ...goodSignup(), password: over(129) }),
    loc: ['body', 'password'],
    type: 'string_too_long',
  },
  {
    name: 'signup password of 7 characters',
    method: 'POST',
    path: () => '/users/signup',
    who: 'anonymous',
    options: json({ ...goodSignup(), password: 'seven77' }),
    loc: ['body', 'password'],
    type: 'string_too_short',
  },
  {
    name: 'signup full_name of 256 characters',
    method: 'POST',
    path: () => '/users/signup',
    who: 'anonymous',
    options: json({ ...goodSignup(), full_name: over(256) }),
    loc: ['body', 'full_name'],
    type: 'string_too_long',
  },
  {
    name: 'admin create email of 256 characters',
    method: 'POST',
    path: () => '/users/',
    who: 'superuser',
    options: () => ({ json: { email: longEmail(), password: 'good-password-3' } }),
    loc: ['body', 'email'],
  },
  {
    name: 'admin create password of 129 characters',
    method: 'POST',
    path: () => '/users/',
    who: 'superuser',
    options: json({ email: uniqueEmail(), password: over(129) }),
    loc: ['body', 'password'],
    type: 'string_too_long',
  },
  {
    name: 'admin update password of 129 characters',
    method: 'PATCH',
    path: () => `/users/${user.id}`,
    who: 'superuser',
    options: json({ password: over(129) }),
    loc: ['body', 'password'],
    type: 'string_too_long',
  },
  {
    name: 'admin update email of 256 characters',
    method: 'PATCH',
    path: () => `/users/${user.id}`,
    who: 'superuser',
    options: () => ({ json: { email: longEmail() } }),
    loc: ['body', 'email'],
  },
  {
    name: 'profile email of 256 characters',
    method: 'PATCH',
    path: () => '/users/me',
    who: 'user',
    options: () => ({ json: { email: longEmail() } }),
    loc: ['body', 'email'],
  },
  {
    name: 'profile full_name of 256 characters',
    method: 'PATCH',
    path: () => '/users/me',
    who: 'user',
    options: json({ full_name: over(256) }),
    loc: ['body', 'full_name'],
    type: 'string_too_long',
  },
  {
    name: 'password change to 129 characters',
    method: 'PATCH',
    path: () => '/users/me/password',
    who: 'user',
    options: () => ({ json: { current_password: user.password, new_password: over(129) } }),
    loc: ['body', 'new_password'],
    type: 'string_too_long',
  },
  {
    name: 'reset to a password of 129 characters',
    method: 'POST',
    path: () => '/reset-password/',
    who: 'anonymous',
    options: json({ token: 'x', new_password: over(129) }),
    loc: ['body', 'new_password'],
    type: 'string_too_long',
  },
  {
    name: 'item title of 256 characters',
    method: 'POST',
    path: () => '/items/',
    who: 'user',
    options: json({ title: over(256) }),
    loc: ['body', 'title'],
    type: 'string_too_long',
  },
  {
    name: 'item title of 256 emoji',
    method: 'POST',
    path: () => '/items/',
    who: 'user',
    options: json({ title: '😀'.repeat(256) }),
    loc: ['body', 'title'],
    type: 'string_too_long',
  },
  {
    name: 'item empty title',
    method: 'POST',
    path: () => '/items/',
    who: 'user',
    options: json({ title: '' }),
    loc: ['body', 'title'],
    type: 'string_too_short',
  },
  {
    name: 'item description of 256 characters',
    method: 'POST',
    path: () => '/items/',
    who: 'user',
    options: json({ title: 'ok', description: over(256) }),
    loc: ['body', 'description'],
    type: 'string_too_long',
  },
  {
    name: 'item update title of 256 characters',
    method: 'PUT',
    path: () => `/items/${itemId}`,
    who: 'user',
    options: json({ title: over(256) }),
    loc: ['body', 'title'],
    type: 'string_too_long',
  },
  {
    name: 'item update description of 256 characters',
    method: 'PUT',
    path: () => `/items/${itemId}`,
    who: 'user',
    options: json({ description: over(256) }),
    loc: ['body', 'description'],
    type: 'string_too_long',
  },
  {
    name: 'item update empty title',
    method: 'PUT',
    path: () => `/items/${itemId}`,
    who: 'user',
    options: json({ title: '' }),
    loc: ['body', 'title'],
    type: 'string_too_short',
  },
  {
    name: 'login password of 129 characters',
    method: 'POST',
    path: () => '/login/access-token',
    who: 'anonymous',
    options: () => ({ form: { username: user.email, password: over(129) } }),
    loc: ['body', 'password'],
  },

  // Paths: ids must be UUIDs.
  ...(
    [
      ['GET', 'items', 'id', 'user'],
      ['PUT', 'items', 'id', 'user'],
      ['DELETE', 'items', 'id', 'user'],
      ['GET', 'users', 'user_id', 'superuser'],
      ['PATCH', 'users', 'user_id', 'superuser'],
      ['DELETE', 'users', 'user_id', 'superuser'],
    ] as const
  ).flatMap(([method, area, param, who]) =>
    ['not-a-uuid', '12345', `${'0'.repeat(31)}g`].map(
      (bad): Case => ({
        name: `${method} /${area}/${bad}`,
        method,
        path: () => `/${area}/${bad}`,
        who,
        options: () =>
          method === 'PUT' || method === 'PATCH' ? { json: { title: 'x', full_name: 'x' } } : {},
        loc: ['path', param],
      }),
    ),
  ),

  // Query parameters.
  {
    name: 'items with a negative skip',
    method: 'GET',
    path: () => '/items/?skip=-1',
    who: 'user',
    options: () => ({}),
    loc: ['query', 'skip'],
  },
  {
    name: 'items with a fractional limit',
    method: 'GET',
    path: () => '/items/?limit=2.5',
    who: 'user',
    options: () => ({}),
    loc: ['query', 'limit'],
  },
  {
    name: 'items with a word for limit',
    method: 'GET',
    path: () => '/items/?limit=ten',
    who: 'user',
    options: () => ({}),
    loc: ['query', 'limit'],
  },
  {
    name: 'users with a negative skip',
    method: 'GET',
    path: () => '/users/?skip=-5',
    who: 'superuser',
    options: () => ({}),
    loc: ['query', 'skip'],
  },
  {
    name: 'users with a word for limit',
    method: 'GET',
    path: () => '/users/?limit=lots',
    who: 'superuser',
    options: () => ({}),
    loc: ['query', 'limit'],
  },
  {
    name: 'plan outside the enum',
    method: 'PATCH',
    path: () => '/users/me/subscription_type?subscription_type=Gold',
    who: 'user',
    options: () => ({}),
    loc: ['query', 'subscription_type'],
  },
  {
    name: 'test e-mail to a non-address',
    method: 'POST',
    path: () => '/utils/test-email/?email_to=nobody',
    who: 'superuser',
    options: () => ({}),
    loc: ['query', 'email_to'],
  },
  {
    name: 'test e-mail without a recipient',
    method: 'POST',
    path: () => '/utils/test-email/',
    who: 'superuser',
    options: () => ({}),
    loc: ['query', 'email_to'],
    type: 'missing',
  },

  // Login is a form: JSON, text or nothing reads as a form without its fields.
  {
    name: 'login with a JSON body',
    method: 'POST',
    path: () => '/login/access-token',
    who: 'anonymous',
    options: () => ({ json: { username: user.email, password: user.password } }),
    loc: ['body', 'username'],
    type: 'missing',
  },
  {
    name: 'login with no body',
    method: 'POST',
    path: () => '/login/access-token',
    who: 'anonymous',
    options: () => ({}),
    loc: ['body', 'password'],
    type: 'missing',
  },
  {
    name: 'login as text/plain',
    method: 'POST',
    path: () => '/login/access-token',
    who: 'anonymous',
    options: raw('username=a&password=b', 'text/plain'),
    loc: ['body', 'username'],
    type: 'missing',
  },
  {
    name: 'profile photo sent as JSON',
    method: 'PATCH',
    path: () => '/users/me/profile_photo',
    who: 'user',
    options: json({ file: 'aGVsbG8=' }),
    loc: ['body', 'file'],
  },

  // Bodies over 1 MiB.
  {
    name: 'item over 1 MiB',
    method: 'POST',
    path: () => '/items/',
    who: 'user',
    options: json({ title: 'big', description: over(1024 * 1024 + 1) }),
    status: 413,
  },
  {
    name: 'signup over 1 MiB',
    method: 'POST',
    path: () => '/users/signup',
    who: 'anonymous',
    options: json({ ...goodSignup(), full_name: over(1024 * 1024 + 1) }),
    status: 413,
  },
  {
    name: 'login form over 1 MiB',
    method: 'POST',
    path: () => '/login/access-token',
    who: 'anonymous',
    options: () => ({ form: { username: user.email, password: over(1024 * 1024 + 1) } }),
    status: 413,
  },

  // Unknown routes.
  {
    name: 'unknown API path',
    method: 'GET',
    path: () => '/no-such-thing',
    who: 'user',
    options: () => ({}),
    status: 404,
    body: { detail: 'Not Found' },
  },
  {
    name: 'unknown nested path',
    method: 'POST',
    path: () => `/items/${itemId}/children`,
    who: 'user',
    options: json({ title: 'x' }),
    status: 404,
    body: { detail: 'Not Found' },
  },
  {
    name: 'unknown path, anonymous',
    method: 'DELETE',
    path: () => '/everything',
    who: 'anonymous',
    options: () => ({}),
    status: 404,
    body: { detail: 'Not Found' },
  },
];

describe('bad input: exact refusal, never a 5xx, nothing stored', () => {
  for (const c of CASES) {
    const label = c.loc ? `422 at ${JSON.stringify(c.loc)}` : String(c.status);
    it(`${c.name} → ${label}`, async () => {
      const before = await dbSnapshot(server);
      const res = await server.request(c.method, `${API}${c.path()}`, {
        ...c.options(),
        token: tokenOf(c.who),
      });
      expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
      if (c.loc) expectValidation(res, c.loc, c.type);
      else {
        expect(res.status, res.text.slice(0, 300)).toBe(c.status);
        expect(String(res.headers['content-type'])).toContain('application/json');
        if (c.body !== undefined) expect(res.body).toEqual(c.body);
        else expect(typeof res.body.detail).toBe('string');
      }
      expect(await dbSnapshot(server)).toBe(before);
    });
  }

  it('a multipart login over 1 MiB is refused (413, or 422 for the over-long field), nothing stored', async () => {
    // Multipart is streamed (uploads take up to 20 MB), so the 1 MiB body limit does not apply; each text
    // field is capped at 64 KiB instead, which no field of the login form may reach.
    const before = await dbSnapshot(server);
    const res = await server.request('POST', `${API}/login/access-token`, {
      ...multipart({ username: user.email, password: over(1024 * 1024 + 1) }),
    });
    expect([413, 422]).toContain(res.status);
    if (res.status === 422) expectValidation(res, ['body', 'password'], 'string_too_long');
    expect(await dbSnapshot(server)).toBe(before);
  });

  it('a known path with a method it does not have: refused with a 4xx, nothing stored', async () => {
    const before = await dbSnapshot(server);
    for (const [method, url] of [
      ['PATCH', `${API}/items/`],
      ['PUT', `${API}/users/me`],
      ['POST', `${API}/utils/health-check/`],
      ['PUT', `${API}/users/signup`],
    ] as const) {
      const res = await server.request(method, url, { token: su, json: { title: 'x' } });
      expect([404, 405]).toContain(res.status);
      expect(typeof res.body.detail).toBe('string');
    }
    expect(await dbSnapshot(server)).toBe(before);
  });

  it('a known path with a method it does not have answers 405 {"detail":"Method Not Allowed"} with Allow, as FastAPI does', async () => {
    const res = await server.request('PATCH', `${API}/items/`, { token: su, json: { title: 'x' } });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ detail: 'Method Not Allowed' });
    expect(String(res.headers.allow).split(', ').sort()).toEqual(['GET', 'POST']);
    const one = await server.request('POST', `${API}/items/${itemId}`, { token: su, json: { title: 'x' } });
    expect(one.status).toBe(405);
    expect(String(one.headers.allow).split(', ').sort()).toEqual(['DELETE', 'GET', 'PUT']);
  });

  it('a collection path without its trailing slash redirects (307) to the one with it, query kept, as FastAPI does', async () => {
    const res = await server.request('GET', `${API}/items?skip=0&limit=5`, { token: su });
    expect(res.status).toBe(307);
    expect(res.headers.location).toBe(`${API}/items/?skip=0&limit=5`);
    const nothing = await server.request('GET', `${API}/no-such-thing`, { token: su });
    expect(nothing.status).toBe(404);
    expect(nothing.body).toEqual({ detail: 'Not Found' });
  });

  it('the existing user and item are untouched and still work after all of that', async () => {
    expect((await server.request('GET', `${API}/items/${itemId}`, { token: user.token })).body.title).toBe(
      'Existing',
    );
    const login = await server.request('POST', `${API}/login/access-token`, {
      form: { username: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
  });

  it('unknown routes outside the API answer 404 {"detail":"Not Found"} too', async () => {
    for (const url of ['/nope', '/api/v2/users/', '/api/v1']) {
      const res = await server.request('GET', url);
      expect({ url, status: res.status, body: res.body }).toEqual({
        url,
        status: 404,
        body: { detail: 'Not Found' },
      });
    }
  });

  it('accepts the limits exactly: 255-character e-mail, 128-character password, 255 emoji in a title', async () => {
    const email = `${'b'.repeat(255 - '@example.com'.length - 6)}${Date.now().toString(36).slice(-6)}@example.com`;
    expect(email).toHaveLength(255);
    const signup = await server.request('POST', `${API}/users/signup`, {
      json: { email, password: `${'p'.repeat(127)}!`, full_name: 'f'.repeat(255) },
    });
    expect(signup.status, signup.text).toBe(200);
    const login = await server.request('POST', `${API}/login/access-token`, {
      form: { username: email, password: `${'p'.repeat(127)}!` },
    });
    expect(login.status).toBe(200);
    const item = await server.request('POST', `${API}/items/`, {
      token: user.token,
      json: { title: '😀'.repeat(255) },
    });
    expect(item.status).toBe(200);
    expect(item.body.title).toBe('😀'.repeat(255));
  });

  it('stores text verbatim: quotes, SQL and markup are data', async () => {
    const title = `Robert'); DROP TABLE items;-- <script>alert(1)</script> ✓ ünïcode`;
    const res = await server.request('POST', `${API}/items/`, {
      token: user.token,
      json: { title, description: '"\\' },
    });
    expect(res.status).toBe(200);
    const read = await server.request('GET', `${API}/items/${res.body.id}`, { token: user.token });
    expect(read.body.title).toBe(title);
    expect(read.body.description).toBe('"\\');
  });

  it('a NUL character in text is refused or stored, never a 5xx', async () => {
    const before = await dbSnapshot(server);
    const res = await server.request('POST', `${API}/items/`, {
      token: user.token,
      json: { title: 'nul\u0000byte' },
    });
    expect(res.status).toBeLessThan(500);
    if (res.status !== 200) expect(await dbSnapshot(server)).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------------
// Bytes on the wire (issue 24 point 7): the server listens and real sockets send what a client library
// would never produce.

/** Every refusal the wire tests below received, by status, and how many of them had the `{detail}` shape. */
const wireRefusals = new Map<number, { answers: number; inDetailShape: number }>();
/** The invalid UTF-8 JSON bodies sent, those refused with 400, and the writes whose tables stayed unchanged. */
const invalidUtf8 = { sent: 0, refused: 0, writes: 0, writesUnchanged: 0 };
function inDetailShape(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as unknown;
    return typeof parsed === 'object' && parsed !== null && Object.keys(parsed).join() === 'detail';
  } catch {
    return false;
  }
}
function tally(status: number, body: string) {
  if (status < 400) return;
  const entry = wireRefusals.get(status) ?? { answers: 0, inDetailShape: 0 };
  entry.answers += 1;
  if (inDetailShape(body)) entry.inDetailShape += 1;
  wireRefusals.set(status, entry);
}

/** What came back on a raw connection: the status line, headers and body of the first response. */
interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection after it. */
  closed: boolean;
}

/** Writes `chunks` to a fresh connection (pausing `gapMs` between them) and reads until it closes. */
function onTheWire(
  port: number,
  chunks: (string | Buffer)[],
  gapMs = 0,
  timeoutMs = 5_000,
): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let closed = false;
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => {}); // a reset after the answer is read is fine; the answer is checked below
    socket.on('end', () => {
      closed = true;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(received).toString('utf8');
      const head = text.slice(0, text.indexOf('\r\n\r\n'));
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!status) return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      const headers = Object.fromEntries(
        head
          .split('\r\n')
          .slice(1)
          .map((line) => [
            line.slice(0, line.indexOf(':')).toLowerCase(),
            line.slice(line.indexOf(':') + 1).trim(),
          ]),
      );
      const body = text.slice(head.length + 4);
      tally(status, body);
      resolve({ status, headers, body, closed });
    });
    socket.on('connect', async () => {
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0 && gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
        if (!socket.destroyed) socket.write(chunk);
      }
    });
  });
}

/** One request through node:http with an exact byte body. */
function sendBytes(
  port: number,
  method: string,
  path: string,
  body: Buffer,
  token?: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          'content-type': 'application/json',
          'content-length': body.length,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c) => parts.push(c));
        res.on('end', () => {
          const answer = {
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(parts).toString('utf8'),
          };
          tally(answer.status, answer.body);
          resolve(answer);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Malformed UTF-8: a byte that never starts a character, an overlong '/', a UTF-16 surrogate, a
 * three-byte character cut short, a code point above U+10FFFF. */
const BAD_UTF8: [string, number[]][] = [
  ['0xFF', [0xff]],
  ['overlong C0 AF', [0xc0, 0xaf]],
  ['surrogate ED A0 80', [0xed, 0xa0, 0x80]],
  ['truncated E2 82', [0xe2, 0x82]],
  ['beyond U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
];

describe('bytes on the wire', () => {
  let port: number;
  beforeAll(async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => {
    const statuses = [...wireRefusals.entries()].sort(([a], [b]) => a - b);
    const answers = statuses.reduce((sum, [, e]) => sum + e.answers, 0);
    const shaped = statuses.reduce((sum, [, e]) => sum + e.inDetailShape, 0);
    console.log(
      `bad bytes on the wire: ${answers} refusals (${statuses.map(([s, e]) => `${s} × ${e.answers}`).join(', ')}), ${shaped} of them in the {detail} shape; invalid UTF-8 JSON bodies: ${invalidUtf8.sent} sent, ${invalidUtf8.refused} answered 400, tables unchanged after ${invalidUtf8.writesUnchanged} of ${invalidUtf8.writes} writes`,
    );
  });

  const JSON_PARSE_REFUSAL = { detail: 'There was an error parsing the body' };

  for (const w of JSON_WRITES) {
    it(`${w.op}: a JSON body that is not valid UTF-8 → 400 {"detail": …} (FastAPI's), nothing stored`, async () => {
      const before = await dbSnapshot(server);
      for (const [name, bytes] of BAD_UTF8) {
        // The bad bytes inside the first string value of an otherwise valid body.
        const text = JSON.stringify(w.valid());
        const at = text.indexOf('"', text.indexOf(':')) + 1;
        const body = Buffer.concat([
          Buffer.from(text.slice(0, at)),
          Buffer.from(bytes),
          Buffer.from(text.slice(at)),
        ]);
        const res = await sendBytes(port, w.method, `${API}${w.path()}`, body, tokenOf(w.who));
        invalidUtf8.sent += 1;
        if (res.status === 400) invalidUtf8.refused += 1;
        expect({ name, status: res.status, body: res.body }).toEqual({
          name,
          status: 400,
          body: JSON.stringify(JSON_PARSE_REFUSAL),
        });
        expect(res.headers['content-type']).toContain('application/json');
      }
      const after = await dbSnapshot(server);
      invalidUtf8.writes += 1;
      if (after === before) invalidUtf8.writesUnchanged += 1;
      expect(after).toBe(before);
    });
  }

  it('valid UTF-8 is read whole even when a character is split between two packets', async () => {
    const title = 'split 😀 here ✓';
    const body = Buffer.from(JSON.stringify({ title }));
    const cut = body.indexOf(Buffer.from('😀')) + 2; // inside the four bytes of the emoji
    const head =
      `POST ${API}/items/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${user.token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const res = await onTheWire(
      port,
      [Buffer.concat([Buffer.from(head), body.subarray(0, cut)]), body.subarray(cut)],
      50,
    );
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body).title).toBe(title);
  });

  it('headers over the size limit → 431 {"detail": "Request Header Fields Too Large"}, connection closed', async () => {
    const res = await onTheWire(port, [
      `GET ${API}/utils/health-check/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(20_000)}\r\n\r\n`,
    ]);
    expect(res).toMatchObject({ status: 431, closed: true });
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toEqual({ detail: 'Request Header Fields Too Large' });
  });

  it('a URL over the size limit → 414 {"detail": "URI Too Long"}', async () => {
    const res = await onTheWire(port, [
      `GET ${API}/items/?q=${'u'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ]);
    expect(res).toMatchObject({ status: 414, closed: true });
    expect(JSON.parse(res.body)).toEqual({ detail: 'URI Too Long' });
  });

  it('a path parameter over the router limit → 414 {"detail": "URI Too Long"} too', async () => {
    const res = await onTheWire(port, [
      `GET ${API}/items/${'9'.repeat(300)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    ]);
    expect(res.status).toBe(414);
    expect(JSON.parse(res.body)).toEqual({ detail: 'URI Too Long' });
  });

  it('malformed HTTP (a header line without a colon, a bad Content-Length, no Host) → 400 {"detail": "Bad Request"}', async () => {
    for (const request of [
      `GET ${API}/utils/health-check/ HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n`,
      `POST ${API}/items/ HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n`,
      'NOT-HTTP\r\n\r\n',
      // HTTP/1.1 without Host (Node's own check would answer with an empty body).
      `GET ${API}/utils/health-check/ HTTP/1.1\r\nConnection: close\r\n\r\n`,
    ]) {
      const res = await onTheWire(port, [request]);
      expect({ request, status: res.status, body: res.body }).toEqual({
        request,
        status: 400,
        body: JSON.stringify({ detail: 'Bad Request' }),
      });
    }
  });

  it('HTTP/1.0 without Host is still served (Host is required from 1.1 on)', async () => {
    const res = await onTheWire(port, [`GET ${API}/utils/health-check/ HTTP/1.0\r\n\r\n`]);
    expect([res.status, res.body]).toEqual([200, 'true']);
  });

  it('chunk extensions over Node’s limit → 413 {"detail": "Payload Too Large"}', async () => {
    const res = await onTheWire(port, [
      `POST ${API}/items/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n` +
        `2;${'e'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
    ]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Payload Too Large' });
  });

  it('a chunked body over 1 MiB → 413 {"detail": "Request body is too large"}, nothing stored', async () => {
    const before = await dbSnapshot(server);
    const chunk = `{"title":"big","description":"${'d'.repeat(600_000)}`;
    const res = await onTheWire(port, [
      `POST ${API}/items/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${user.token}\r\nContent-Type: application/json\r\n` +
        `Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
      `${chunk.length.toString(16)}\r\n${chunk}\r\n`,
      `${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`,
    ]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Request body is too large' });
    expect(await dbSnapshot(server)).toBe(before);
  });

  it('an unknown route and a wrong method on the wire answer {"detail"} too (404, 405)', async () => {
    const missing = await onTheWire(port, [
      `GET ${API}/nothing-here HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    ]);
    expect([missing.status, JSON.parse(missing.body)]).toEqual([404, { detail: 'Not Found' }]);
    const wrong = await onTheWire(port, [
      `PATCH ${API}/items/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${su}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    ]);
    expect([wrong.status, JSON.parse(wrong.body)]).toEqual([405, { detail: 'Method Not Allowed' }]);
  });

  it('an Expect header the server cannot meet → 417 {"detail": "Expectation Failed"}, connection closed, nothing stored', async () => {
    const before = await dbSnapshot(server);
    const body = JSON.stringify({ title: 'expected' });
    const res = await onTheWire(port, [
      `POST ${API}/items/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${user.token}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nExpect: 200-ok\r\n\r\n${body}`,
    ]);
    expect(res).toMatchObject({ status: 417, closed: true });
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.parse(res.body)).toEqual({ detail: 'Expectation Failed' });
    expect(await dbSnapshot(server)).toBe(before);
  });

  it('a request whose headers never finish → 408 {"detail": "Request Timeout"} (the handler on a server with short timeouts)', async () => {
    // The app keeps Node's timeouts (headers within 60 s, checked every 30 s); the same handler on a
    // server that checks every 50 ms shows the answer without waiting a minute.
    const bare = createServer(
      { headersTimeout: 300, requestTimeout: 300, connectionsCheckingInterval: 50 },
      (_q, r) => r.end('never'),
    );
    bare.on('clientError', clientErrorHandler.bind(undefined));
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
    try {
      const address = bare.address();
      const started = Date.now();
      const res = await onTheWire(typeof address === 'object' && address ? address.port : 0, [
        'GET / HTTP/1.1\r\nHost: x\r\n',
      ]);
      expect(res).toMatchObject({ status: 408, closed: true });
      expect(JSON.parse(res.body)).toEqual({ detail: 'Request Timeout' });
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      bare.closeAllConnections();
      await new Promise((r) => bare.close(r));
    }
  });
});

describe('numbers in the query are decimal (FastAPI reads them so)', () => {
  const intParsing = (name: string) => ({
    detail: [
      {
        loc: ['query', name],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        type: 'int_parsing',
      },
    ],
  });

  for (const [path, who] of [
    ['/items/', 'user'],
    ['/users/', 'superuser'],
  ] as const) {
    for (const [name, value] of [
      ['skip', '0x10'],
      ['limit', '1e3'],
      ['limit', '0b11'],
      ['skip', '0o7'],
      ['limit', 'Infinity'],
      ['limit', '1_0'],
      ['skip', '%20'],
      ['limit', ''],
    ] as const) {
      it(`GET ${path}?${name}=${value} → 422 int_parsing at ["query","${name}"]`, async () => {
        const res = await server.request('GET', `${API}${path}?${name}=${value}`, { token: tokenOf(who) });
        expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: intParsing(name) });
      });
    }
    it(`GET ${path}: decimal forms FastAPI accepts still work (10, +3, 007, 5.0, " 5 ")`, async () => {
      for (const value of ['10', '%2B3', '007', '5.0', '%205%20']) {
        const res = await server.request('GET', `${API}${path}?limit=${value}&skip=0`, {
          token: tokenOf(who),
        });
        expect({ value, status: res.status }).toEqual({ value, status: 200 });
      }
    });
  }
});
