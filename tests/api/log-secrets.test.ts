// No secrets or personal data in production logs: a whole journey (signup while SMTP is down, then the
// code's e-mail on its retry, confirm with the code, recovery, the recovery preview, reset, login, an
// admin creating a user) against a real server process with production settings at LOG_LEVEL=trace.
// Every address, password, code, token and link the journey used must be absent from everything the
// process wrote; the lines must still say what happened (kinds, queue ids, masked addresses).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as templates from '../../server/mail/templates.ts';
import { emailKindOf } from '../../server/mail/templates.ts';
import { duplicateKeys } from '../support/log-lines.ts';
import { freePort, type ServerProcess, startServerProcess } from '../support/processes.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, check: () => T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = check();
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const secret = () => randomBytes(12).toString('base64url');

interface Line {
  level: number;
  msg: string;
  [key: string]: unknown;
}
const linesOf = (output: string): Line[] =>
  output
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      try {
        return JSON.parse(l) as Line;
      } catch {
        throw new Error(`not a JSON line: ${l}`);
      }
    });

describe('e-mail kinds', () => {
  it('each template is recognised by its subject, which the log never shows', () => {
    const ctx = { projectName: 'Shop - Europe', frontendHost: 'https://app.example.com' };
    const to = 'someone@example.com';
    const messages = [
      templates.confirmEmailCodeEmail(ctx, to, '123456', 24),
      templates.resetPasswordEmail(ctx, to, 'token', 48),
      templates.newAccountEmail(ctx, to),
      templates.testEmail(ctx, to),
    ];
    for (const message of messages) expect(emailKindOf(message.subject)).toBe(message.kind);
    expect(new Set(messages.map((m) => m.kind)).size).toBe(messages.length);
    expect(emailKindOf('Something else')).toBe('other');
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('production logs of a whole journey', () => {
  it('hold no address, password, code, token or link, and still say what happened', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'starter-log-secrets-'));
    folders.push(dataDir);
    const smtpPort = await freePort();
    const admin = { email: `root.${secret().toLowerCase()}@corp-example.com`, password: secret() };
    const user = { email: `jane.${secret().toLowerCase()}@mail-example.org`, password: secret() };
    const newPassword = secret();
    const created = { email: `new.${secret().toLowerCase()}@corp-example.com`, password: secret() };
    const used: string[] = [];
    const env = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
      FIRST_SUPERUSER: admin.email,
      FIRST_SUPERUSER_PASSWORD: admin.password,
      FRONTEND_HOST: 'https://app.example.com',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      SMTP_TLS: 'false',
      SMTP_SSL: 'false',
    };
    let server: ServerProcess | undefined;
    let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
    let output = '';
    try {
      server = await startServerProcess(env, { outputLimit: 10_000_000 });
      const s = server;
      const api = async (method: string, route: string, body?: unknown, token?: string) => {
        const form = body instanceof URLSearchParams;
        const res = await fetch(`${s.base}/api/v1${route}`, {
          method,
          headers: {
            ...(body === undefined
              ? {}
              : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body === undefined ? undefined : form ? body : JSON.stringify(body),
        });
        const text = await res.text();
        expect(res.status, `${method} ${route}: ${text}`).toBeLessThan(300);
        return text;
      };
      const login = async (username: string, password: string) => {
        const { access_token } = JSON.parse(
          await api('POST', '/login/access-token', new URLSearchParams({ username, password })),
        ) as { access_token: string };
        used.push(access_token);
        return access_token;
      };

      // Signup while the SMTP server is down: the code's e-mail waits in the queue and is retried.
      await api('POST', '/users/signup', { ...user, full_name: 'Jane Roe' });
      await until('the retry warning', () => (s.output().includes('will retry') ? true : undefined));
      sink = await startSmtpSink({ port: smtpPort });
      const mails = sink.mails;
      const mailTo = async (to: string, n: number) =>
        until(`e-mail ${n} to the user`, () => mails.filter((m) => m.to.includes(to))[n - 1]);
      const code = /data-confirm-code="(\d{6})"/.exec((await mailTo(user.email, 1)).html)?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      used.push(code);

      const userToken = await login(user.email, user.password);
      await api('PATCH', '/users/me/check_confirm_email', { confirm_code: code }, userToken);

      await api('POST', `/password-recovery/${encodeURIComponent(user.email)}`);
      const link = /href="([^"]*reset-password\?token=[^"]+)"/.exec((await mailTo(user.email, 2)).html)?.[1];
      const resetToken = new URL((link ?? '').replace(/&amp;/g, '&')).searchParams.get('token') ?? '';
      expect(resetToken.length).toBeGreaterThan(20);
      used.push(link ?? '', resetToken);

      const adminToken = await login(admin.email, admin.password);
      const preview = await api(
        'POST',
        `/password-recovery-html-content/${encodeURIComponent(user.email)}`,
        undefined,
        adminToken,
      );
      const previewToken = /reset-password\?token=([^"&<]+)/.exec(preview)?.[1] ?? '';
      used.push(decodeURIComponent(previewToken));

      await api('POST', '/reset-password/', { token: resetToken, new_password: newPassword });
      await login(user.email, newPassword);
      await api('POST', '/users/', { ...created, is_superuser: false, is_active: true }, adminToken);
      await mailTo(created.email, 1);
      // A wrong password, and the probes a load balancer sends.
      await fetch(`${s.base}/api/v1/login/access-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: user.email, password: `${newPassword}x` }),
      });
      for (const probe of ['health-check', 'readiness'])
        expect((await fetch(`${s.base}/api/v1/utils/${probe}/`)).status).toBe(200);
      await server.stop();
      output = server.output();

      // A later start with another FIRST_SUPERUSER_PASSWORD: ignored, and said so (without either).
      const other = secret();
      server = await startServerProcess(
        { ...env, FIRST_SUPERUSER_PASSWORD: other },
        { outputLimit: 10_000_000 },
      );
      await server.stop();
      const restart = server.output();
      expect(restart).toContain('FIRST_SUPERUSER_PASSWORD is ignored: the first superuser exists already');
      expect(restart).toContain('npm run admin -- set-password EMAIL');
      output += restart;
      used.push(other);
    } finally {
      await server?.stop();
      await sink?.close();
    }

    const secrets = [
      ...[admin, user, created].flatMap((p) => [p.email, encodeURIComponent(p.email), p.password]),
      newPassword,
      ...used,
    ].filter((s) => s !== '');
    const found = secrets.filter((s) =>
      /^\d{6}$/.test(s) ? new RegExp(`(?<![\\w.])${s}(?![\\w.])`).test(output) : output.includes(s),
    );
    expect(found, 'secrets in the log').toEqual([]);

    // Still useful: every line JSON; the mail lines name kind and queue id, the address masked.
    const lines = linesOf(output);
    const repeated = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .flatMap((l) => duplicateKeys(l).map((key) => `${key} in ${l}`));
    expect(repeated, 'keys written twice in a line').toEqual([]);
    const retry = lines.find((l) => l.msg === 'e-mail not sent; will retry');
    expect(retry).toMatchObject({
      level: 40,
      kind: 'confirm-code',
      id: expect.any(String),
      to: 'j***@mail-example.org',
    });
    const sent = lines.filter((l) => l.msg === 'e-mail sent').map((l) => l.kind);
    expect(sent).toEqual(expect.arrayContaining(['confirm-code', 'reset-password', 'new-account']));
    expect(lines.find((l) => l.msg === 'e-mail sent')).toMatchObject({
      id: expect.any(String),
      to: expect.stringMatching(/^\w\*\*\*@/),
    });
    expect(
      lines.some((l) => l.msg === 'first superuser created' && l.email === 'r***@corp-example.com'),
    ).toBe(true);
    const urls = lines.map((l) => (l.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toContain('/api/v1/password-recovery/[redacted]');
    expect(urls).toContain('/api/v1/password-recovery-html-content/[redacted]');
    // The probes: every line of theirs at debug, none at info.
    const probeIds = new Set(
      lines
        .filter((l) => /utils\/(health-check|readiness)/.test(JSON.stringify(l.req ?? '')))
        .map((l) => l.reqId),
    );
    const probeLines = lines.filter((l) => probeIds.has(l.reqId));
    expect(probeLines.length).toBeGreaterThan(2);
    expect(probeLines.filter((l) => l.level !== 20)).toEqual([]);
  }, 120_000);
});
