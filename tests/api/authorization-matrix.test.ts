import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import {
  API,
  documentOperations,
  fixture,
  forgeAccessToken,
  multipart,
  NIL_UUID,
  resetTokenFrom,
} from '../support/api.ts';
import {
  type ApiResponse,
  type RequestOptions,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from '../support/server.ts';

/**
 * Every operation of openapi.json × every kind of caller, each cell with the status (and detail) the
 * contract gives. Rows are keyed by `METHOD /path`; an operation without a row fails, as does a row
 * without an operation.
 */

const CALLERS = ['anonymous', 'user', 'another', 'inactive', 'superuser'] as const;
type Caller = (typeof CALLERS)[number];
type Auth = 'none' | 'user' | 'superuser';

interface Identity {
  id: string;
  email: string;
  password: string;
  token: string;
}
interface Outcome {
  status: number;
  detail?: string;
  /** Further checks of a successful answer. */
  check?: (res: ApiResponse<any>) => void;
}
interface Request {
  path: string;
  options?: RequestOptions;
}
interface Row {
  /** Who may call it, from api-behaviour.md (checked against the document's `x-auth`). */
  auth: Auth;
  /**
   * The user/another/superuser cells act as a fresh identity of that kind, for calls that change or
   * delete the caller's own account.
   */
  fresh?: boolean;
  /** The request, for a caller (`me` is the identity making the call; undefined when anonymous). */
  request: (caller: Caller, me: Identity | undefined) => Request | Promise<Request>;
  /** Outcome for callers who pass authentication and authorisation (keyed by caller, or `all`). */
  allowed: Partial<Record<Caller | 'all', Outcome>>;
}

let server: TestServer;
/** The owner of the shared item; `user` in the matrix. */
let owner: Identity;
let another: Identity;
let inactive: Identity;
let superuser: Identity;
/** Not a caller: owns the files behind the signed links, and is the target of password resets. */
let bystander: Identity;
let photoUrl: string;
let assetUrl: string;
let sharedItemId: string;

const PRIVILEGES = "The user doesn't have enough privileges";
const NOT_OWNER = 'Not enough permissions';

const isUserPublic = (res: ApiResponse) => {
  const body = res.body as Record<string, unknown>;
  expect(typeof body.id).toBe('string');
  expect(typeof body.email).toBe('string');
  expect(body).not.toHaveProperty('hashed_password');
};
const isMessage = (message: string) => (res: ApiResponse) => expect(res.body).toEqual({ message });
const isItem = (res: ApiResponse) => expect((res.body as { id?: unknown }).id).toBe(sharedItemId);
const isList = (res: ApiResponse) => {
  const body = res.body as { data: unknown; count: unknown };
  expect(Array.isArray(body.data)).toBe(true);
  expect(typeof body.count).toBe('number');
};

async function freshUser(): Promise<Identity> {
  const u = await server.newUser();
  return { id: u.id, email: u.email, password: u.password, token: u.token };
}
async function freshSuperuser(): Promise<Identity> {
  const email = uniqueEmail('matrix-admin');
  const password = 'matrix-admin-pass-1';
  const res = await server.request('POST', `${API}/users/`, {
    token: superuser.token,
    json: { email, password, is_superuser: true },
  });
  if (res.status !== 200) throw new Error(`could not create a superuser: ${res.text}`);
  return { id: res.body.id, email, password, token: await server.login(email, password) };
}
const newItem = async () => {
  const res = await server.request('POST', `${API}/items/`, {
    token: owner.token,
    json: { title: 'matrix item' },
  });
  if (res.status !== 200) throw new Error(res.text);
  return res.body.id as string;
};
const photo = () => multipart({}, { name: 'me.png', type: 'image/png', data: fixture('photo.png') });
const asset = () => multipart({}, { name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') });

const ROWS: Record<string, Row> = {
  'POST /login/access-token': {
    auth: 'none',
    request: () => ({
      path: '/login/access-token',
      options: { form: { username: bystander.email, password: bystander.password } },
    }),
    allowed: { all: { status: 200, check: (r) => expect(r.body.token_type).toBe('bearer') } },
  },
  'POST /login/test-token': {
    auth: 'user',
    request: () => ({ path: '/login/test-token' }),
    allowed: {
      user: { status: 200, check: (r) => expect(r.body.id).toBe(owner.id) },
      another: { status: 200, check: (r) => expect(r.body.id).toBe(another.id) },
      superuser: { status: 200, check: (r) => expect(r.body.id).toBe(superuser.id) },
    },
  },
  'POST /logout': {
    auth: 'user',
    fresh: true,
    request: () => ({ path: '/logout' }),
    allowed: { all: { status: 200, check: isMessage('Logged out') } },
  },
  'POST /password-recovery/{email}': {
    auth: 'none',
    request: () => ({ path: `/password-recovery/${encodeURIComponent(owner.email)}` }),
    allowed: {
      all: { status: 200, check: isMessage('If that email is registered, we sent a password recovery link') },
    },
  },
  'POST /reset-password/': {
    auth: 'none',
    request: async () => {
      // A fresh link for the bystander each time (a reset invalidates the previous one).
      const html = await server.request(
        'POST',
        `${API}/password-recovery-html-content/${encodeURIComponent(bystander.email)}`,
        { token: superuser.token },
      );
      const token = resetTokenFrom(html.text, server.settings.frontendHost);
      bystander.password = `reset-${Math.random().toString(36).slice(2)}-pass`;
      return { path: '/reset-password/', options: { json: { token, new_password: bystander.password } } };
    },
    allowed: { all: { status: 200, check: isMessage('Password updated successfully') } },
  },
  'POST /password-recovery-html-content/{email}': {
    auth: 'superuser',
    request: () => ({ path: `/password-recovery-html-content/${encodeURIComponent(owner.email)}` }),
    allowed: {
      superuser: {
        status: 200,
        check: (r) => expect(String(r.headers['content-type'])).toMatch(/^text\/html/),
      },
    },
  },
  'GET /users/': {
    auth: 'superuser',
    request: () => ({ path: '/users/' }),
    allowed: { superuser: { status: 200, check: isList } },
  },
  'POST /users/': {
    auth: 'superuser',
    request: () => ({
      path: '/users/',
      options: { json: { email: uniqueEmail('matrix'), password: 'matrix-pass-1' } },
    }),
    allowed: { superuser: { status: 200, check: isUserPublic } },
  },
  'GET /users/me': {
    auth: 'user',
    request: () => ({ path: '/users/me' }),
    allowed: {
      user: { status: 200, check: (r) => expect(r.body.id).toBe(owner.id) },
      another: { status: 200, check: (r) => expect(r.body.id).toBe(another.id) },
      superuser: { status: 200, check: (r) => expect(r.body.id).toBe(superuser.id) },
    },
  },
  'PATCH /users/me': {
    auth: 'user',
    request: () => ({ path: '/users/me', options: { json: { full_name: 'Matrix Name' } } }),
    allowed: { all: { status: 200, check: (r) => expect(r.body.full_name).toBe('Matrix Name') } },
  },
  'DELETE /users/me': {
    auth: 'user',
    fresh: true,
    request: () => ({ path: '/users/me' }),
    allowed: {
      user: { status: 200, check: isMessage('User deleted successfully') },
      another: { status: 200, check: isMessage('User deleted successfully') },
      superuser: { status: 403, detail: 'Super users are not allowed to delete themselves' },
    },
  },
  'PATCH /users/me/password': {
    auth: 'user',
    fresh: true,
    request: (_caller, me) => ({
      path: '/users/me/password',
      options: {
        json: { current_password: me?.password ?? 'no-password-1', new_password: 'matrix-new-pass-1' },
      },
    }),
    allowed: { all: { status: 200, check: isMessage('Password updated successfully') } },
  },
  'DELETE /users/me/delete-my-account': {
    auth: 'user',
    fresh: true,
    request: () => ({ path: '/users/me/delete-my-account' }),
    allowed: {
      user: { status: 200, check: isMessage('User deleted successfully') },
      another: { status: 200, check: isMessage('User deleted successfully') },
      superuser: { status: 403, detail: 'Super users are not allowed to delete themselves' },
    },
  },
  'POST /users/signup': {
    auth: 'none',
    request: () => ({
      path: '/users/signup',
      options: { json: { email: uniqueEmail('matrix-signup'), password: 'matrix-pass-2', full_name: 'M' } },
    }),
    allowed: { all: { status: 200, check: (r) => expect(r.body.is_superuser).toBe(false) } },
  },
  'GET /users/{user_id}': {
    auth: 'user',
    request: () => ({ path: `/users/${owner.id}` }),
    allowed: {
      user: { status: 200, check: (r) => expect(r.body.id).toBe(owner.id) },
      another: { status: 403, detail: PRIVILEGES },
      superuser: { status: 200, check: (r) => expect(r.body.id).toBe(owner.id) },
    },
  },
  'PATCH /users/{user_id}': {
    auth: 'superuser',
    request: () => ({ path: `/users/${owner.id}`, options: { json: { major: 'Matrix' } } }),
    allowed: { superuser: { status: 200, check: (r) => expect(r.body.major).toBe('Matrix') } },
  },
  'DELETE /users/{user_id}': {
    auth: 'superuser',
    // Normal callers aim at the owner (refused); the superuser deletes a throw-away account.
    request: async (caller) => ({
      path: `/users/${caller === 'superuser' ? (await freshUser()).id : owner.id}`,
    }),
    allowed: { superuser: { status: 200, check: isMessage('User deleted successfully') } },
  },
  'POST /users/me/sessions/revoke': {
    auth: 'user',
    fresh: true,
    request: () => ({ path: '/users/me/sessions/revoke' }),
    allowed: { all: { status: 200, check: isMessage('All sessions ended') } },
  },
  'POST /users/{user_id}/sessions/revoke': {
    auth: 'superuser',
    // Normal callers aim at the owner (refused); the superuser ends a throw-away account's sessions.
    request: async (caller) => ({
      path: `/users/${caller === 'superuser' ? (await freshUser()).id : owner.id}/sessions/revoke`,
    }),
    allowed: { superuser: { status: 200, check: isMessage('Sessions ended') } },
  },
  'POST /users/{user_id}/unlock': {
    auth: 'superuser',
    request: () => ({ path: `/users/${owner.id}/unlock` }),
    allowed: { superuser: { status: 200, check: isMessage('Sign-in unlocked') } },
  },
  'GET /items/': {
    auth: 'user',
    request: () => ({ path: '/items/' }),
    allowed: {
      user: {
        status: 200,
        check: (r) => expect(r.body.data.map((i: { id: string }) => i.id)).toContain(sharedItemId),
      },
      another: {
        status: 200,
        check: (r) => expect(r.body.data.map((i: { id: string }) => i.id)).not.toContain(sharedItemId),
      },
      superuser: {
        status: 200,
        check: (r) => expect(r.body.data.map((i: { id: string }) => i.id)).toContain(sharedItemId),
      },
    },
  },
  'POST /items/': {
    auth: 'user',
    request: () => ({ path: '/items/', options: { json: { title: 'matrix created' } } }),
    allowed: { all: { status: 200, check: (r) => expect(r.body.title).toBe('matrix created') } },
  },
  'GET /items/{id}': {
    auth: 'user',
    request: () => ({ path: `/items/${sharedItemId}` }),
    allowed: {
      user: { status: 200, check: isItem },
      another: { status: 403, detail: NOT_OWNER },
      superuser: { status: 200, check: isItem },
    },
  },
  'PUT /items/{id}': {
    auth: 'user',
    request: () => ({ path: `/items/${sharedItemId}`, options: { json: { sku: 'MATRIX' } } }),
    allowed: {
      user: { status: 200, check: isItem },
      another: { status: 403, detail: NOT_OWNER },
      superuser: { status: 200, check: isItem },
    },
  },
  'DELETE /items/{id}': {
    auth: 'user',
    request: async () => ({ path: `/items/${await newItem()}` }),
    allowed: {
      user: { status: 200, check: isMessage('Item deleted successfully') },
      another: { status: 403, detail: NOT_OWNER },
      superuser: { status: 200, check: isMessage('Item deleted successfully') },
    },
  },
  'POST /utils/test-email/': {
    auth: 'superuser',
    request: () => ({ path: `/utils/test-email/?email_to=${encodeURIComponent(owner.email)}` }),
    allowed: { superuser: { status: 201, check: isMessage('Test email sent') } },
  },
  'GET /utils/health-check/': {
    auth: 'none',
    request: () => ({ path: '/utils/health-check/' }),
    allowed: { all: { status: 200, check: (r) => expect(r.body).toBe(true) } },
  },
  'GET /utils/readiness/': {
    auth: 'none',
    request: () => ({ path: '/utils/readiness/' }),
    allowed: { all: { status: 200, check: (r) => expect(r.body.status).toBe('ready') } },
  },
  'PATCH /users/me/subscription_type': {
    auth: 'user',
    request: () => ({ path: '/users/me/subscription_type?subscription_type=Plan1' }),
    allowed: { all: { status: 200, check: (r) => expect(r.body.subscription_type).toBe('Plan1') } },
  },
  'PATCH /users/me/set_fcm_token': {
    auth: 'user',
    request: () => ({ path: '/users/me/set_fcm_token', options: { json: { fcm_token: 'device-token-1' } } }),
    allowed: { all: { status: 200 } },
  },
  'PATCH /users/me/check_confirm_email': {
    auth: 'user',
    fresh: true,
    request: async (_caller, me) => {
      // The superuser view is the only place the pending code shows.
      const view = me
        ? await server.request('GET', `${API}/users/${me.id}`, { token: superuser.token })
        : undefined;
      return {
        path: '/users/me/check_confirm_email',
        options: { json: { confirm_code: view?.body.confirm_code ?? '000000' } },
      };
    },
    allowed: {
      user: { status: 200, check: (r) => expect(r.body.is_email_confirmed).toBe(true) },
      another: { status: 200, check: (r) => expect(r.body.is_email_confirmed).toBe(true) },
      // Superusers made by POST /users/ start unconfirmed too.
      superuser: { status: 200, check: (r) => expect(r.body.is_email_confirmed).toBe(true) },
    },
  },
  'PATCH /users/me/resend_confirm_email': {
    auth: 'user',
    fresh: true,
    request: async (_caller, me) => {
      // As if the minute between two sends had passed.
      if (me) {
        await server.app.db
          .update(users)
          .set({ confirmCodeSentAt: new Date(Date.now() - 3_600_000) })
          .where(eq(users.id, me.id));
      }
      return { path: '/users/me/resend_confirm_email' };
    },
    allowed: { all: { status: 200, check: (r) => expect(typeof r.body.message).toBe('string') } },
  },
  'PATCH /users/me/profile_photo': {
    auth: 'user',
    request: () => ({ path: '/users/me/profile_photo', options: photo() }),
    allowed: {
      all: { status: 200, check: (r) => expect(r.body.profile_photo_url).toEqual(expect.any(String)) },
    },
  },
  'DELETE /users/me/profile_photo': {
    auth: 'user',
    request: () => ({ path: '/users/me/profile_photo' }),
    allowed: { all: { status: 200, check: (r) => expect(r.body.profile_photo_url).toBeNull() } },
  },
  'PATCH /users/me/asset': {
    auth: 'user',
    request: () => ({ path: '/users/me/asset', options: asset() }),
    allowed: { all: { status: 200, check: (r) => expect(r.body.asset_url).toEqual(expect.any(String)) } },
  },
  'DELETE /users/me/asset': {
    auth: 'user',
    request: () => ({ path: '/users/me/asset' }),
    allowed: { all: { status: 200, check: (r) => expect(r.body.asset_url).toBeNull() } },
  },
  // Signed links: the signature is the credential, so any caller may follow one.
  'GET /files/profile-photo/{user_id}': {
    auth: 'none',
    request: () => ({ path: photoUrl.slice(API.length) }),
    allowed: { all: { status: 200, check: (r) => expect(r.raw.equals(fixture('photo.png'))).toBe(true) } },
  },
  'GET /files/asset/{user_id}': {
    auth: 'none',
    request: () => ({ path: assetUrl.slice(API.length) }),
    allowed: { all: { status: 200, check: (r) => expect(r.text).toBe('bystander asset') } },
  },
};

/** What the contract says a caller gets, before the operation's own outcome. */
function expected(row: Row, caller: Caller): Outcome {
  if (row.auth !== 'none') {
    if (caller === 'anonymous') return { status: 401, detail: 'Not authenticated' };
    if (caller === 'inactive') return { status: 400, detail: 'Inactive user' };
    if (row.auth === 'superuser' && caller !== 'superuser') return { status: 403, detail: PRIVILEGES };
  }
  const outcome = row.allowed[caller] ?? row.allowed.all;
  if (!outcome) throw new Error(`matrix row has no outcome for ${caller}`);
  return outcome;
}

beforeAll(async () => {
  server = await startTestServer();
  const su = await server.superuserToken();
  const suMe = await server.request('GET', `${API}/users/me`, { token: su });
  superuser = { id: suMe.body.id, email: suMe.body.email, password: '', token: su };
  owner = await freshUser();
  another = await freshUser();
  bystander = await freshUser();
  inactive = await freshUser();
  const off = await server.request('PATCH', `${API}/users/${inactive.id}`, {
    token: su,
    json: { is_active: false },
  });
  if (off.status !== 200) throw new Error(off.text);
  sharedItemId = await newItem();
  const p = await server.request('PATCH', `${API}/users/me/profile_photo`, {
    token: bystander.token,
    ...photo(),
  });
  photoUrl = p.body.profile_photo_url;
  const a = await server.request('PATCH', `${API}/users/me/asset`, {
    token: bystander.token,
    ...multipart({}, { name: 'b.txt', type: 'text/plain', data: Buffer.from('bystander asset') }),
  });
  assetUrl = a.body.asset_url;
  if (!photoUrl?.startsWith(API) || !assetUrl?.startsWith(API)) throw new Error('uploads failed in set-up');
});
afterAll(() => server.close());

const operations = documentOperations();

describe('authorisation matrix: every operation × every caller', () => {
  it('has a row for every operation of openapi.json, and no row without an operation', () => {
    const documented = operations.map((o) => o.key).sort();
    expect(Object.keys(ROWS).sort()).toEqual(documented);
  });

  it('declares in the document (x-auth) the access level the contract gives', () => {
    for (const op of operations) {
      expect({ op: op.key, auth: op.auth }).toEqual({ op: op.key, auth: ROWS[op.key]?.auth });
    }
  });

  for (const op of operations) {
    describe(op.key, () => {
      const row = ROWS[op.key];
      if (!row) {
        it('has a matrix row', () => {
          expect.fail(`no authorisation-matrix row for ${op.key}: add one to ROWS`);
        });
        return;
      }
      for (const caller of CALLERS) {
        const outcome = expected(row, caller);
        it(`${caller} → ${outcome.status}${outcome.detail ? ` "${outcome.detail}"` : ''}`, async () => {
          let me: Identity | undefined = {
            anonymous: undefined,
            user: owner,
            another,
            inactive,
            superuser,
          }[caller];
          if (row.fresh && (caller === 'user' || caller === 'another')) me = await freshUser();
          if (row.fresh && caller === 'superuser') me = await freshSuperuser();
          const { path, options = {} } = await row.request(caller, me);
          const res = await server.request(op.method, `${API}${path}`, { ...options, token: me?.token });
          expect(res.status, `${op.key} as ${caller}: ${res.text.slice(0, 300)}`).toBe(outcome.status);
          if (outcome.detail !== undefined) expect(res.body).toEqual({ detail: outcome.detail });
          if (outcome.status === 401) expect(res.headers['www-authenticate']).toBe('Bearer');
          outcome.check?.(res);
        });
      }
    });
  }
});

describe('every protected operation refuses bad credentials the same way', () => {
  const protectedOps = operations.filter((o) => ROWS[o.key]?.auth !== 'none');
  const pathFor = (p: string) => p.replace(/\{[^}]+\}/g, NIL_UUID);
  let expired: string;
  let foreign: string;
  let deletedUserToken: string;

  beforeAll(async () => {
    const gone = await freshUser();
    expired = await forgeAccessToken(server.settings.secretKey, gone.id, -60);
    foreign = await forgeAccessToken('a-completely-different-secret-key', gone.id, 3600);
    deletedUserToken = gone.token;
    const del = await server.request('DELETE', `${API}/users/me`, { token: gone.token });
    if (del.status !== 200) throw new Error(del.text);
  });

  it('has protected operations to check', () => {
    expect(protectedOps.length).toBeGreaterThan(20);
  });

  for (const op of protectedOps) {
    it(`${op.key}: no token 401, malformed/expired/foreign 403, deleted user 404`, async () => {
      const url = `${API}${pathFor(op.path)}`;
      const none = await server.request(op.method, url);
      expect({ status: none.status, body: none.body }).toEqual({
        status: 401,
        body: { detail: 'Not authenticated' },
      });
      expect(none.headers['www-authenticate']).toBe('Bearer');
      const basic = await server.request(op.method, url, {
        headers: { authorization: 'Basic dXNlcjpwYXNz' },
      });
      expect(basic.status).toBe(401);
      for (const token of ['garbage', expired, foreign]) {
        const res = await server.request(op.method, url, { token });
        expect({ status: res.status, body: res.body }).toEqual({
          status: 403,
          body: { detail: 'Could not validate credentials' },
        });
      }
      const gone = await server.request(op.method, url, { token: deletedUserToken });
      expect({ status: gone.status, body: gone.body }).toEqual({
        status: 404,
        body: { detail: 'User not found' },
      });
    });
  }
});
