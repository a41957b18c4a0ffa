// Server-side logout (issue 26 point 5): POST /logout revokes the calling token on every host at once,
// "log out everywhere" and a superuser's "end sessions" end every session of an account, tokens issued
// before logout existed keep working until then, and a superuser can clear a sign-in lockout.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { revokedTokens } from '../../server/db/schema.ts';
import { API, forgeAccessToken, NIL_UUID } from '../support/api.ts';
import { createTestDatabase, type ServerProcess, startServerProcess } from '../support/processes.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
/** A second server on the same database: another process or host, as far as a token can tell. */
let otherHost: FastifyInstance;

beforeAll(async () => {
  server = await startTestServer();
  otherHost = await buildApp({ settings: server.settings, db: server.app.db, webRoot: false, logger: false });
  await otherHost.ready();
});
afterAll(async () => {
  await otherHost?.close();
  await server?.close();
});

const me = (token: string) => server.request('GET', `${API}/users/me`, { token });
const meOn = async (app: FastifyInstance, token: string) =>
  (await app.inject({ method: 'GET', url: `${API}/users/me`, headers: { authorization: `Bearer ${token}` } }))
    .statusCode;
const post = (path: string, token: string) => server.request('POST', `${API}${path}`, { token });
const refused = { status: 403, body: { detail: 'Could not validate credentials' } };
const statusAndBody = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

/** A token as the version before logout made it: `ver` and `sid`, no `jti`. */
async function tokenOfPreviousVersion(userId: string) {
  return forgeAccessToken(server.settings.secretKey, userId, 3600, {
    ver: 0,
    sid: randomBytes(12).toString('base64url'),
    iat: Math.floor(Date.now() / 1000),
  });
}

describe('POST /logout', () => {
  it('revokes the calling token on every host at once; the other sessions stay signed in', async () => {
    const user = await server.newUser();
    const second = await server.login(user.email, user.password);
    expect(decodeJwt(user.token).jti).toEqual(expect.any(String));
    expect(await meOn(otherHost, user.token)).toBe(200);

    const res = await post('/logout', user.token);
    expect(statusAndBody(res)).toEqual({ status: 200, body: { message: 'Logged out' } });

    expect(statusAndBody(await me(user.token))).toEqual(refused);
    expect(await meOn(otherHost, user.token)).toBe(403);
    // Logging out again with it is refused like any revoked token.
    expect(statusAndBody(await post('/logout', user.token))).toEqual(refused);
    expect((await me(second)).status).toBe(200);
    expect(await meOn(otherHost, second)).toBe(200);
    // Signing in again works.
    expect((await me(await server.login(user.email, user.password))).status).toBe(200);
  });

  it('keeps a revocation until the token expires, then deletes it', async () => {
    const user = await server.newUser();
    const { jti, exp } = decodeJwt(user.token);
    await post('/logout', user.token);
    const [row] = await server.app.db
      .select()
      .from(revokedTokens)
      .where(eq(revokedTokens.jti, String(jti)));
    expect(row?.expiresAt.getTime()).toBe(Number(exp) * 1000);
    expect(row?.userId).toBe(user.id);
    // A revocation whose token has expired is deleted by the next logout.
    await server.app.db
      .update(revokedTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(revokedTokens.jti, String(jti)));
    const other = await server.newUser();
    await post('/logout', other.token);
    const left = await server.app.db
      .select()
      .from(revokedTokens)
      .where(eq(revokedTokens.jti, String(jti)));
    expect(left).toEqual([]);
  });

  it('a session kept through its own password change is logged out too', async () => {
    const user = await server.newUser();
    const change = await server.request('PATCH', `${API}/users/me/password`, {
      token: user.token,
      json: { current_password: user.password, new_password: 'a-new-password-77' },
    });
    expect(change.status).toBe(200);
    expect((await me(user.token)).status).toBe(200);
    await post('/logout', user.token);
    expect(statusAndBody(await me(user.token))).toEqual(refused);
  });
});

describe('tokens issued before logout existed (no jti): no mass logout on upgrade', () => {
  it('stay valid, and each can be logged out by itself', async () => {
    const user = await server.newUser();
    const old = await tokenOfPreviousVersion(user.id);
    const alsoOld = await tokenOfPreviousVersion(user.id);
    expect(decodeJwt(old).jti).toBeUndefined();
    expect((await me(old)).status).toBe(200);
    expect(await meOn(otherHost, old)).toBe(200);
    expect((await post('/logout', old)).status).toBe(200);
    expect(statusAndBody(await me(old))).toEqual(refused);
    expect((await me(alsoOld)).status).toBe(200);
  });

  it('a token made as the template makes them ({sub, exp}) stays valid and can be logged out', async () => {
    const user = await server.newUser();
    const bare = await forgeAccessToken(server.settings.secretKey, user.id, 3600);
    const otherBare = await forgeAccessToken(server.settings.secretKey, user.id, 3601);
    expect((await me(bare)).status).toBe(200);
    expect((await post('/logout', bare)).status).toBe(200);
    expect(statusAndBody(await me(bare))).toEqual(refused);
    expect((await me(otherBare)).status).toBe(200);
  });

  it('end with "log out everywhere"', async () => {
    const user = await server.newUser();
    const old = await tokenOfPreviousVersion(user.id);
    const bare = await forgeAccessToken(server.settings.secretKey, user.id, 3600);
    const res = await post('/users/me/sessions/revoke', user.token);
    expect(statusAndBody(res)).toEqual({ status: 200, body: { message: 'All sessions ended' } });
    for (const token of [old, bare, user.token]) expect(statusAndBody(await me(token))).toEqual(refused);
  });
});

describe('ending every session', () => {
  it('"log out everywhere" ends all of mine, the calling one included, on every host; not others\'', async () => {
    const user = await server.newUser();
    const second = await server.login(user.email, user.password);
    const bystander = await server.newUser();
    expect((await post('/users/me/sessions/revoke', second)).status).toBe(200);
    for (const token of [user.token, second]) {
      expect(statusAndBody(await me(token))).toEqual(refused);
      expect(await meOn(otherHost, token)).toBe(403);
    }
    expect((await me(bystander.token)).status).toBe(200);
    const again = await server.login(user.email, user.password);
    expect((await me(again)).status).toBe(200);
  });

  it("a superuser ends a user's sessions; the account may sign in again", async () => {
    const admin = await server.superuserToken();
    const user = await server.newUser();
    const res = await post(`/users/${user.id}/sessions/revoke`, admin);
    expect(statusAndBody(res)).toEqual({ status: 200, body: { message: 'Sessions ended' } });
    expect(statusAndBody(await me(user.token))).toEqual(refused);
    expect(await meOn(otherHost, user.token)).toBe(403);
    expect((await me(admin)).status).toBe(200);
    expect((await me(await server.login(user.email, user.password))).status).toBe(200);
  });

  it("unknown user: 404; a normal user may not end another's sessions", async () => {
    const admin = await server.superuserToken();
    expect(statusAndBody(await post(`/users/${NIL_UUID}/sessions/revoke`, admin))).toEqual({
      status: 404,
      body: { detail: 'User not found' },
    });
    const user = await server.newUser();
    const victim = await server.newUser();
    expect((await post(`/users/${victim.id}/sessions/revoke`, user.token)).status).toBe(403);
    expect((await me(victim.token)).status).toBe(200);
  });
});

describe('POST /users/{user_id}/unlock', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '3/600' });
  });
  afterAll(() => limited?.close());
  const login = (username: string, password: string) =>
    limited.request('POST', `${API}/login/access-token`, { form: { username, password } });

  it('clears the lockout of a locked-out account (its e-mail in any case), and only that one', async () => {
    const user = await limited.newUser();
    const neighbour = await limited.newUser();
    for (const account of [user, neighbour])
      for (let i = 0; i < 3; i++) expect((await login(account.email, 'wrong-password')).status).toBe(400);
    expect((await login(user.email.toUpperCase(), user.password)).status).toBe(429);

    const admin = await limited.superuserToken();
    const res = await limited.request('POST', `${API}/users/${user.id}/unlock`, { token: admin });
    expect(statusAndBody(res)).toEqual({ status: 200, body: { message: 'Sign-in unlocked' } });
    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await login(neighbour.email, neighbour.password)).status).toBe(429);

    expect(
      statusAndBody(await limited.request('POST', `${API}/users/${NIL_UUID}/unlock`, { token: admin })),
    ).toEqual({ status: 404, body: { detail: 'User not found' } });
    const res2 = await limited.request('POST', `${API}/users/${neighbour.id}/unlock`, { token: user.token });
    expect(res2.status).toBe(403);
    expect((await login(neighbour.email, neighbour.password)).status).toBe(429);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!postgresUrl)('two server processes on one PostgreSQL database (two hosts)', () => {
  let hosts: ServerProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase(postgresUrl as string, 'logout');
    drop = database.drop;
    const env = { DATABASE_URL: database.url, SECRET_KEY: randomBytes(32).toString('hex') };
    // One after the other: the first migrates the fresh database.
    hosts = [await startServerProcess(env)];
    hosts.push(await startServerProcess(env));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(hosts.map((host) => host.stop()));
    await drop?.();
  });

  it('a logout on one host is refused by the other at once', async () => {
    const [a, b] = hosts as [ServerProcess, ServerProcess];
    const email = `hosts-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'two-hosts-pass-1';
    const signup = await fetch(`${a.base}${API}/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(signup.status).toBe(200);
    const login = await fetch(`${b.base}${API}/login/access-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: email, password }).toString(),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const meAt = async (host: ServerProcess) =>
      (await fetch(`${host.base}${API}/users/me`, { headers: { authorization: `Bearer ${token}` } })).status;
    expect([await meAt(a), await meAt(b)]).toEqual([200, 200]);
    const out = await fetch(`${a.base}${API}/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    expect([await meAt(b), await meAt(a)]).toEqual([403, 403]);
  });
});
