import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, dbSnapshot, expectError, expectValidation, resetTokenFrom } from '../support/api.ts';
import { eventually, startTestServer, type TestServer, uniqueEmail } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const RECOVERY_MESSAGE = 'If that email is registered, we sent a password recovery link';

const loginStatus = async (email: string, password: string) =>
  (await server.request('POST', `${API}/login/access-token`, { form: { username: email, password } })).status;
const changePassword = (token: string, current: string, next: string) =>
  server.request('PATCH', `${API}/users/me/password`, {
    token,
    json: { current_password: current, new_password: next },
  });
const reset = (token: string, newPassword: string) =>
  server.request('POST', `${API}/reset-password/`, { json: { token, new_password: newPassword } });

/** Asks for a recovery e-mail and returns the token of its link (outbox mode: no SMTP configured). */
async function recoveryToken(email: string): Promise<string> {
  const recoveryMails = () => server.outbox().filter((m) => m.to === email && /recovery/i.test(m.subject));
  const before = recoveryMails().length;
  const res = await server.request('POST', `${API}/password-recovery/${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ message: RECOVERY_MESSAGE });
  return eventually(() => {
    const mails = recoveryMails();
    if (mails.length <= before) return undefined;
    return resetTokenFrom(mails.at(-1)?.html ?? '', server.settings.frontendHost);
  });
}

describe('PATCH /users/me/password', () => {
  it('changes the password: the old one fails, the new one works', async () => {
    const user = await server.newUser();
    const next = `${user.password}-new`;
    const res = await changePassword(user.token, user.password, next);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password updated successfully' });
    expect(await loginStatus(user.email, user.password)).toBe(400);
    expect(await loginStatus(user.email, next)).toBe(200);
  });

  it('keeps the session that made the change, and signs out the other (older) sessions', async () => {
    const user = await server.newUser();
    const other = await server.login(user.email, user.password);
    expect((await server.request('GET', `${API}/users/me`, { token: other })).status).toBe(200);
    const res = await changePassword(user.token, user.password, `${user.password}-2`);
    expect(res.status).toBe(200);
    const mine = await server.request('GET', `${API}/users/me`, { token: user.token });
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe(user.id);
    expectError(
      await server.request('GET', `${API}/users/me`, { token: other }),
      403,
      'Could not validate credentials',
    );
    // A session opened after the change works.
    const fresh = await server.login(user.email, `${user.password}-2`);
    expect((await server.request('GET', `${API}/users/me`, { token: fresh })).status).toBe(200);
  });

  it('wrong current password: 400 "Incorrect password", nothing changes', async () => {
    const user = await server.newUser();
    const before = await dbSnapshot(server);
    expectError(
      await changePassword(user.token, `${user.password}-wrong`, 'brand-new-pass-1'),
      400,
      'Incorrect password',
    );
    expect(await dbSnapshot(server)).toBe(before);
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });

  it('same password: 400 "New password cannot be the same as the current one"', async () => {
    const user = await server.newUser();
    const before = await dbSnapshot(server);
    expectError(
      await changePassword(user.token, user.password, user.password),
      400,
      'New password cannot be the same as the current one',
    );
    expect(await dbSnapshot(server)).toBe(before);
  });

  it('validates lengths (8..128) with 422 at the field', async () => {
    const user = await server.newUser();
    const before = await dbSnapshot(server);
    expectValidation(
      await changePassword(user.token, user.password, 'short'),
      ['body', 'new_password'],
      'string_too_short',
    );
    expectValidation(
      await changePassword(user.token, user.password, 'x'.repeat(129)),
      ['body', 'new_password'],
      'string_too_long',
    );
    const missing = await server.request('PATCH', `${API}/users/me/password`, {
      token: user.token,
      json: { new_password: 'another-pass-1' },
    });
    expectValidation(missing, ['body', 'current_password'], 'missing');
    expect(await dbSnapshot(server)).toBe(before);
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });
});

describe('password recovery and reset (outbox mode)', () => {
  it('sends a link to <FRONTEND_HOST>/reset-password?token=… that resets the password once', async () => {
    const user = await server.newUser();
    const token = await recoveryToken(user.email);
    const next = 'reset-password-one';
    const res = await reset(token, next);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password updated successfully' });
    expect(await loginStatus(user.email, user.password)).toBe(400);
    expect(await loginStatus(user.email, next)).toBe(200);
    // The same token a second time: refused, and the password stays.
    expectError(await reset(token, 'reset-password-two'), 400, 'Invalid token');
    expect(await loginStatus(user.email, next)).toBe(200);
    expect(await loginStatus(user.email, 'reset-password-two')).toBe(400);
  });

  it('a reset signs out every session', async () => {
    const user = await server.newUser();
    const second = await server.login(user.email, user.password);
    const token = await recoveryToken(user.email);
    expect((await reset(token, 'after-reset-pass-1')).status).toBe(200);
    for (const t of [user.token, second]) {
      expectError(
        await server.request('GET', `${API}/users/me`, { token: t }),
        403,
        'Could not validate credentials',
      );
    }
  });

  it('an expired reset token: 400 "Invalid token" (the same claims unexpired work)', async () => {
    const user = await server.newUser();
    const token = await recoveryToken(user.email);
    const { exp: _exp, iat: _iat, nbf: _nbf, ...claims } = decodeJwt(token);
    const key = new TextEncoder().encode(server.settings.secretKey);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(key);
    const before = await dbSnapshot(server);
    expectError(await reset(expired, 'expired-token-pass'), 400, 'Invalid token');
    expect(await dbSnapshot(server)).toBe(before);
    expect(await loginStatus(user.email, user.password)).toBe(200);
    // Control: re-signed with a future expiry, the same claims are accepted.
    const renewed = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
    expect((await reset(renewed, 'renewed-token-pass')).status).toBe(200);
    expect(await loginStatus(user.email, 'renewed-token-pass')).toBe(200);
  });

  it('a garbage token, an access token, or a token signed with another key: 400 "Invalid token"', async () => {
    const user = await server.newUser();
    expectError(await reset('not-a-token', 'whatever-pass-1'), 400, 'Invalid token');
    expectError(await reset(user.token, 'whatever-pass-1'), 400, 'Invalid token');
    const token = await recoveryToken(user.email);
    const { exp: _exp, iat: _iat, nbf: _nbf, ...claims } = decodeJwt(token);
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-key-of-32-characters!'));
    expectError(await reset(foreign, 'whatever-pass-1'), 400, 'Invalid token');
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });

  it('a token of a deleted user: 400 "Invalid token"; of an inactive user: 400 "Inactive user"', async () => {
    const gone = await server.newUser();
    const goneToken = await recoveryToken(gone.email);
    expect((await server.request('DELETE', `${API}/users/me`, { token: gone.token })).status).toBe(200);
    expectError(await reset(goneToken, 'whatever-pass-1'), 400, 'Invalid token');

    const idle = await server.newUser();
    const idleToken = await recoveryToken(idle.email);
    const su = await server.superuserToken();
    expect(
      (await server.request('PATCH', `${API}/users/${idle.id}`, { token: su, json: { is_active: false } }))
        .status,
    ).toBe(200);
    const before = await dbSnapshot(server);
    expectError(await reset(idleToken, 'whatever-pass-1'), 400, 'Inactive user');
    expect(await dbSnapshot(server)).toBe(before);
  });

  it('a reset link stops working once the password is changed another way', async () => {
    const user = await server.newUser();
    const token = await recoveryToken(user.email);
    expect((await changePassword(user.token, user.password, 'changed-meanwhile-1')).status).toBe(200);
    expectError(await reset(token, 'whatever-pass-1'), 400, 'Invalid token');
    expect(await loginStatus(user.email, 'changed-meanwhile-1')).toBe(200);
  });

  it('validates the new password length with 422 and stores nothing', async () => {
    const user = await server.newUser();
    const token = await recoveryToken(user.email);
    const before = await dbSnapshot(server);
    expectValidation(await reset(token, 'short'), ['body', 'new_password'], 'string_too_short');
    expectValidation(await reset(token, 'y'.repeat(129)), ['body', 'new_password'], 'string_too_long');
    const noToken = await server.request('POST', `${API}/reset-password/`, {
      json: { new_password: 'long-enough-1' },
    });
    expectValidation(noToken, ['body', 'token'], 'missing');
    expect(await dbSnapshot(server)).toBe(before);
    // The link is still good after the refusals.
    expect((await reset(token, 'long-enough-pass-1')).status).toBe(200);
  });

  it('unknown e-mail: the same 200 message and no e-mail', async () => {
    const nobody = uniqueEmail('nobody');
    const before = server.outbox().length;
    const res = await server.request('POST', `${API}/password-recovery/${encodeURIComponent(nobody)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: RECOVERY_MESSAGE });
    // A known address asked afterwards gets its e-mail; by then the unknown one would have had one too.
    const known = await server.newUser();
    await recoveryToken(known.email);
    await new Promise((r) => setTimeout(r, 150));
    const all = server.outbox();
    expect(all.length).toBeGreaterThan(before);
    expect(all.filter((m) => m.to === nobody)).toEqual([]);
  });
});

describe('POST /password-recovery-html-content/{email}', () => {
  it('returns the recovery e-mail HTML with a working reset link (superuser)', async () => {
    const user = await server.newUser();
    const res = await server.request(
      'POST',
      `${API}/password-recovery-html-content/${encodeURIComponent(user.email)}`,
      { token: await server.superuserToken() },
    );
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    const token = resetTokenFrom(res.text, server.settings.frontendHost);
    expect(token).toBeDefined();
    expect((await reset(token ?? '', 'from-html-content-1')).status).toBe(200);
    expect(await loginStatus(user.email, 'from-html-content-1')).toBe(200);
  });

  it('unknown e-mail: 404 "The user with this username does not exist in the system."', async () => {
    const res = await server.request(
      'POST',
      `${API}/password-recovery-html-content/${uniqueEmail('ghost')}`,
      {
        token: await server.superuserToken(),
      },
    );
    expectError(res, 404, 'The user with this username does not exist in the system.');
  });
});
