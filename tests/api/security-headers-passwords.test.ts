import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_DETAIL } from '../../server/auth/common-passwords.ts';
import { startTestServer, type TestServer, uniqueEmail } from '../support/server.ts';

let server: TestServer;
let behindProxy: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  behindProxy = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await server.close();
  await behindProxy.close();
});

const directives = (csp: string) =>
  new Map(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

describe('security headers', () => {
  it('sends a strict Content Security Policy and the other headers on every response', async () => {
    for (const url of ['/api/v1/utils/health-check/', '/api/v1/users/me', '/api/v1/nowhere', '/docs/']) {
      const res = await server.request('GET', url);
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-eval');
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('adds HSTS only when the request came over HTTPS', async () => {
    const plain = await behindProxy.request('GET', '/api/v1/utils/health-check/');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const https = await behindProxy.request('GET', '/api/v1/utils/health-check/', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    // Without TRUST_PROXY a client cannot claim HTTPS.
    const spoofed = await server.request('GET', '/api/v1/utils/health-check/', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('commonly breached passwords', () => {
  const common = 'password123';

  it('are refused at signup', async () => {
    const email = uniqueEmail('common');
    const res = await server.request('POST', '/api/v1/users/signup', { json: { email, password: common } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(COMMON_PASSWORD_DETAIL);
    // Case does not help.
    const upper = await server.request('POST', '/api/v1/users/signup', {
      json: { email, password: 'PASSWORD123' },
    });
    expect(upper.status).toBe(400);
    expect(await server.app.users.byEmail(email)).toBeUndefined();
  });

  it('are refused on password change and by admins creating or editing a user', async () => {
    const user = await server.newUser();
    const change = await server.request('PATCH', '/api/v1/users/me/password', {
      token: user.token,
      json: { current_password: user.password, new_password: 'qwertyuiop' },
    });
    expect(change.status).toBe(400);
    expect(change.body.detail).toBe(COMMON_PASSWORD_DETAIL);
    const admin = await server.superuserToken();
    const create = await server.request('POST', '/api/v1/users/', {
      token: admin,
      json: { email: uniqueEmail('admin-made'), password: 'iloveyou' },
    });
    expect(create.status).toBe(400);
    expect(create.body.detail).toBe(COMMON_PASSWORD_DETAIL);
    const edit = await server.request('PATCH', `/api/v1/users/${user.id}`, {
      token: admin,
      json: { password: 'sunshine', full_name: 'Not Stored Either' },
    });
    expect(edit.status).toBe(400);
    const row = await server.app.users.byId(user.id);
    expect(row?.fullName).toBe('Test User');
    expect(await server.login(user.email, user.password)).toBeTruthy();
  });

  it('are refused at password reset, and the link still works for a good password', async () => {
    const user = await server.newUser();
    await server.request('POST', `/api/v1/password-recovery/${user.email}`);
    const admin = await server.superuserToken();
    const html = await server.request('POST', `/api/v1/password-recovery-html-content/${user.email}`, {
      token: admin,
    });
    const token = decodeURIComponent(/reset-password\?token=([^"&<\s]+)/.exec(html.text)?.[1] ?? '');
    const weak = await server.request('POST', '/api/v1/reset-password/', {
      json: { token, new_password: 'football' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.detail).toBe(COMMON_PASSWORD_DETAIL);
    const strong = await server.request('POST', '/api/v1/reset-password/', {
      json: { token, new_password: 'a-far-less-common-phrase' },
    });
    expect(strong.status).toBe(200);
  });
});

describe('CORS', () => {
  let cors: TestServer;
  beforeAll(async () => {
    cors = await startTestServer({ BACKEND_CORS_ORIGINS: 'http://localhost:5173' });
  });
  afterAll(() => cors.close());

  it('lets a configured origin read answers, refusals included', async () => {
    const origin = 'http://localhost:5173';
    const preflight = await cors.request('OPTIONS', '/api/v1/users/me', {
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    const refused = await cors.request('GET', '/api/v1/users/me', { headers: { origin } });
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(origin);
    // A 429's wait must be readable by the other origin.
    expect(String(refused.headers['access-control-expose-headers'])).toMatch(/Retry-After/i);
    const other = await cors.request('GET', '/api/v1/utils/health-check/', {
      headers: { origin: 'http://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
