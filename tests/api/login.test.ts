import { randomBytes } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, expectError, expectValidation, forgeAccessToken, multipart } from '../support/api.ts';
import { SUPERUSER, startTestServer, type TestServer, uniqueEmail } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const login = (form: Record<string, string>) => server.request('POST', `${API}/login/access-token`, { form });
const me = (token: string) => server.request('GET', `${API}/users/me`, { token });

describe('POST /login/access-token', () => {
  it('accepts the URL-encoded OAuth2 password form and returns a bearer JWT (HS256, sub = user id, 8 days)', async () => {
    const user = await server.newUser();
    const res = await login({ username: user.email, password: user.password });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'token_type']);
    expect(res.body.token_type).toBe('bearer');
    const token = res.body.access_token as string;
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const claims = decodeJwt(token);
    expect(claims.sub).toBe(user.id);
    const eightDays = 8 * 24 * 60 * 60;
    const lifetime = (claims.exp ?? 0) - Math.floor(Date.now() / 1000);
    expect(lifetime).toBeGreaterThan(eightDays - 120);
    expect(lifetime).toBeLessThanOrEqual(eightDays + 5);
    const check = await me(token);
    expect(check.status).toBe(200);
    expect(check.body.id).toBe(user.id);
  });

  it('accepts multipart/form-data too, with the OAuth2 extras (grant_type, scope)', async () => {
    const user = await server.newUser();
    const res = await server.request('POST', `${API}/login/access-token`, {
      ...multipart({ grant_type: 'password', username: user.email, password: user.password, scope: '' }),
    });
    expect(res.status).toBe(200);
    expect(decodeJwt(res.body.access_token).sub).toBe(user.id);
    const check = await me(res.body.access_token);
    expect(check.body.email).toBe(user.email);
  });

  it('refuses a wrong password and an unknown e-mail with the same 400', async () => {
    const user = await server.newUser();
    expectError(
      await login({ username: user.email, password: `${user.password}x` }),
      400,
      'Incorrect email or password',
    );
    expectError(
      await login({ username: uniqueEmail('nobody'), password: user.password }),
      400,
      'Incorrect email or password',
    );
    const multi = await server.request('POST', `${API}/login/access-token`, {
      ...multipart({ username: user.email, password: 'not-the-password' }),
    });
    expectError(multi, 400, 'Incorrect email or password');
  });

  it('refuses an inactive user with 400 "Inactive user" (right password), and the wrong password stays 400 "Incorrect"', async () => {
    const user = await server.newUser();
    const off = await server.request('PATCH', `${API}/users/${user.id}`, {
      token: await server.superuserToken(),
      json: { is_active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    expectError(await login({ username: user.email, password: user.password }), 400, 'Inactive user');
    expectError(
      await login({ username: user.email, password: 'wrong-password-1' }),
      400,
      'Incorrect email or password',
    );
  });

  it('answers a missing field with a 422 at that field', async () => {
    expectValidation(await login({ username: 'someone@example.com' }), ['body', 'password'], 'missing');
    expectValidation(await login({ password: 'whatever-pass' }), ['body', 'username'], 'missing');
    const grant = await login({ grant_type: 'client_credentials', username: 'a@example.com', password: 'x' });
    expectValidation(grant, ['body', 'grant_type']);
  });

  it('logs the first superuser in', async () => {
    const res = await login({ username: SUPERUSER.email, password: SUPERUSER.password });
    expect(res.status).toBe(200);
    const check = await me(res.body.access_token);
    expect(check.body.is_superuser).toBe(true);
  });
});

describe('POST /login/test-token', () => {
  it('returns the current UserPublic', async () => {
    const user = await server.newUser({ full_name: 'Token Tester' });
    const res = await server.request('POST', `${API}/login/test-token`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      email: user.email,
      full_name: 'Token Tester',
      is_active: true,
      is_superuser: false,
    });
    expect(res.body).not.toHaveProperty('hashed_password');
    expect(res.body).not.toHaveProperty('password');
  });
});

describe('bearer tokens on protected calls', () => {
  it('missing token: 401 "Not authenticated" with WWW-Authenticate: Bearer', async () => {
    const res = await server.request('GET', `${API}/users/me`);
    expectError(res, 401, 'Not authenticated');
    expect(res.headers['www-authenticate']).toBe('Bearer');
    const basic = await server.request('GET', `${API}/users/me`, {
      headers: { authorization: 'Basic YTpi' },
    });
    expectError(basic, 401, 'Not authenticated');
    expect(basic.headers['www-authenticate']).toBe('Bearer');
  });

  it('garbage, tampered or foreign-key tokens: 403 "Could not validate credentials"', async () => {
    const user = await server.newUser();
    expectError(await me('not-a-jwt'), 403, 'Could not validate credentials');
    const [h, p] = user.token.split('.');
    expectError(await me(`${h}.${p}.${'A'.repeat(43)}`), 403, 'Could not validate credentials');
    const otherKey = await forgeAccessToken(randomBytes(32).toString('hex'), user.id, 3600);
    expectError(await me(otherKey), 403, 'Could not validate credentials');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: user.id, exp: Math.floor(Date.now() / 1000) + 3600 }),
    ).toString('base64url')}.`;
    expectError(await me(unsigned), 403, 'Could not validate credentials');
  });

  it('an expired token is refused with 403, while the same token unexpired is accepted', async () => {
    const user = await server.newUser();
    const secret = server.settings.secretKey;
    // Control: a token forged as the template makes them ({sub, exp}, HS256, the server's key) works…
    const valid = await forgeAccessToken(secret, user.id, 600);
    const ok = await me(valid);
    expect(ok.status).toBe(200);
    expect(ok.body.id).toBe(user.id);
    // …and the same token with an `exp` in the past does not.
    const expired = await forgeAccessToken(secret, user.id, -60);
    expectError(await me(expired), 403, 'Could not validate credentials');
  });

  it('a token whose subject is not a user id is refused with 403', async () => {
    const secret = new TextEncoder().encode(server.settings.secretKey);
    const noSub = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('10m')
      .sign(secret);
    expectError(await me(noSub), 403, 'Could not validate credentials');
  });

  it('token of a deleted user: 404 "User not found"', async () => {
    const user = await server.newUser();
    const del = await server.request('DELETE', `${API}/users/me`, { token: user.token });
    expect(del.status).toBe(200);
    expectError(await me(user.token), 404, 'User not found');
    expectError(
      await server.request('POST', `${API}/login/test-token`, { token: user.token }),
      404,
      'User not found',
    );
  });

  it('token of an inactive user: 400 "Inactive user", and it works again once reactivated', async () => {
    const user = await server.newUser();
    const su = await server.superuserToken();
    expect(
      (await server.request('PATCH', `${API}/users/${user.id}`, { token: su, json: { is_active: false } }))
        .status,
    ).toBe(200);
    expectError(await me(user.token), 400, 'Inactive user');
    expectError(await server.request('GET', `${API}/items/`, { token: user.token }), 400, 'Inactive user');
    expect(
      (await server.request('PATCH', `${API}/users/${user.id}`, { token: su, json: { is_active: true } }))
        .status,
    ).toBe(200);
    expect((await me(user.token)).status).toBe(200);
  });

  it('accepts the scheme name in any case, as FastAPI does', async () => {
    const user = await server.newUser();
    const res = await server.request('GET', `${API}/users/me`, {
      headers: { authorization: `bearer ${user.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
  });
});
