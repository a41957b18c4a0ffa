// No e-mail is lost: every e-mail is queued in the database with the change that causes it and
// delivered by whichever server process is free, retried while the SMTP server is down. The first part
// runs in-process on both drivers; the process part needs a PostgreSQL server (the `api` project with
// TEST_DATABASE_URL), since the embedded database belongs to one process.

import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/index.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { createMailDelivery } from '../../server/mail/queue.ts';
import { testEmail } from '../../server/mail/templates.ts';
import { API } from '../support/api.ts';
import {
  createTestDatabase,
  freePort,
  type ServerProcess,
  startServerProcess,
} from '../support/processes.ts';
import { eventually, startTestServer, type TestServer, uniqueEmail } from '../support/server.ts';
import { type CapturedMail, startSmtpSink } from '../support/smtp-sink.ts';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const smtpEnv = (port: number) => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(port),
  SMTP_TLS: 'false',
  SMTP_SSL: 'false',
});
const mailsTo = (sink: Sink, email: string, subject: RegExp) =>
  sink.mails.filter((m) => m.to.includes(email) && subject.test(m.subject));
const waitForMail = (sink: Sink, email: string, subject: RegExp, timeoutMs = 15_000) =>
  eventually<CapturedMail>(() => mailsTo(sink, email, subject)[0], timeoutMs);

async function queued(db: Database): Promise<number> {
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM email_queue`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
}

describe('the SMTP server is down during signup and recovery', () => {
  let server: TestServer;
  let sink: Sink | undefined;
  let smtpPort: number;
  beforeAll(async () => {
    smtpPort = await freePort();
    server = await startTestServer(smtpEnv(smtpPort));
  });
  afterAll(async () => {
    await server.close();
    await sink?.close();
  });

  it('answers as usual, keeps both e-mails queued, and delivers each once when it is back', async () => {
    const email = uniqueEmail('smtp-down');
    const signup = await server.request('POST', `${API}/users/signup`, {
      json: { email, password: 'smtp-down-password-1', full_name: 'Queued Person' },
    });
    expect(signup.status).toBe(200);
    const recovery = await server.request('POST', `${API}/password-recovery/${encodeURIComponent(email)}`);
    expect(recovery.status).toBe(200);
    expect(recovery.body).toEqual({
      message: 'If that email is registered, we sent a password recovery link',
    });

    // The first attempts fail (nothing listens on the SMTP port); the e-mails stay in the queue.
    await sleep(600);
    expect(await queued(server.app.db)).toBe(2);

    sink = await startSmtpSink({ port: smtpPort });
    const code = await waitForMail(sink, email, /confirmation code/i);
    const link = await waitForMail(sink, email, /recovery/i);
    expect(code.html).toMatch(/\d{6}/);
    expect(link.html).toContain(`${server.settings.frontendHost}/reset-password?token=`);
    await eventually(async () => ((await queued(server.app.db)) === 0 ? true : undefined));
    // Delivered once each: a further poll or two sends nothing again.
    await sleep(1_500);
    expect(sink.mails.filter((m) => m.to.includes(email)).map((m) => m.subject).length).toBe(2);
  });
});

describe('a process that stops answering in the middle of a send', () => {
  let server: TestServer;
  let silent: Server;
  let sink: Sink;
  const held: Socket[] = [];
  beforeAll(async () => {
    // An SMTP server that accepts the connection and never greets: the send hangs, as in a frozen process.
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    sink = await startSmtpSink();
    server = await startTestServer();
    // The test drives two deliveries of its own on the server's database.
    await server.app.mailDelivery.stop();
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
    await new Promise((r) => silent.close(r));
  });

  it('its lease runs out and another process sends the e-mail, once', async () => {
    const mailerFor = (port: number) =>
      createMailer(
        {
          ...server.settings,
          smtp: { host: '127.0.0.1', port, user: undefined, password: undefined, tls: false, ssl: false },
        },
        server.app.log,
      );
    const port = (silent.address() as AddressInfo).port;
    const frozen = createMailDelivery(server.app.db, mailerFor(port), server.app.log, {
      leaseSeconds: 1,
      pollMs: 100,
    });
    const healthy = createMailDelivery(server.app.db, mailerFor(sink.port), server.app.log, {
      leaseSeconds: 60,
      pollMs: 100,
    });
    frozen.start();
    const to = uniqueEmail('lease');
    await frozen.queue(testEmail(server.app.templateContext, to));
    await eventually(() => (held.length > 0 ? true : undefined));
    healthy.start();
    const mail = await waitForMail(sink, to, /test email/i, 10_000);
    expect(mail.to).toEqual([to]);
    await eventually(async () => ((await queued(server.app.db)) === 0 ? true : undefined));
    // The frozen send fails at last: nothing is queued or sent again.
    for (const socket of held) socket.destroy();
    await frozen.stop();
    await healthy.stop();
    expect(await queued(server.app.db)).toBe(0);
    expect(mailsTo(sink, to, /./)).toHaveLength(1);
  });
});

describe('a recipient the SMTP server refuses for good', () => {
  let server: TestServer;
  let sink: Sink;
  beforeAll(async () => {
    sink = await startSmtpSink({ refuse: (to) => to.startsWith('refused-') });
    server = await startTestServer(smtpEnv(sink.port));
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('is kept as failed and not tried again; the other e-mails go', async () => {
    const token = await server.superuserToken();
    const refused = uniqueEmail('refused');
    const fine = uniqueEmail('fine');
    for (const to of [refused, fine]) {
      const res = await server.request(
        'POST',
        `${API}/utils/test-email/?email_to=${encodeURIComponent(to)}`,
        {
          token,
        },
      );
      expect(res.status).toBe(201);
    }
    await waitForMail(sink, fine, /test email/i);
    const failed = await eventually(async () => {
      const result = await server.app.db.execute(
        sql`SELECT attempts, failed_at IS NOT NULL AS failed, last_error FROM email_queue WHERE recipient = ${refused}`,
      );
      const [row] = (
        result as unknown as { rows: { attempts: number; failed: boolean; last_error: string }[] }
      ).rows;
      return row?.failed ? row : undefined;
    });
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/550/);
    await sleep(2_500); // past the first retry's delay: nothing is tried again
    const [again] = (
      (await server.app.db.execute(
        sql`SELECT attempts FROM email_queue WHERE recipient = ${refused}`,
      )) as unknown as { rows: { attempts: number }[] }
    ).rows;
    expect(again?.attempts).toBe(1);
    expect(mailsTo(sink, refused, /./)).toEqual([]);
  });

  it('is deleted once older than its retention (EMAIL_FAILED_RETENTION_DAYS); younger ones stay', async () => {
    const old = uniqueEmail('refused-long-ago');
    const recent = uniqueEmail('refused-lately');
    await server.app.db.execute(sql`
      INSERT INTO email_queue (recipient, subject, html, attempts, failed_at, last_error) VALUES
        (${old}, 'Old', '<p>x</p>', 1, now() - interval '31 days', '550 no such user'),
        (${recent}, 'Recent', '<p>x</p>', 1, now() - interval '29 days', '550 no such user')`);
    // A process that has just started prunes on its first round.
    const delivery = createMailDelivery(server.app.db, server.app.mailer, server.app.log, {
      failedRetentionDays: 30,
    });
    delivery.start();
    try {
      await eventually(async () => {
        const result = await server.app.db.execute(
          sql`SELECT recipient FROM email_queue WHERE recipient IN (${old}, ${recent})`,
        );
        const left = (result as unknown as { rows: { recipient: string }[] }).rows.map((r) => r.recipient);
        return left.length === 1 ? left : undefined;
      });
    } finally {
      await delivery.stop();
    }
    const result = await server.app.db.execute(
      sql`SELECT recipient FROM email_queue WHERE recipient IN (${old}, ${recent})`,
    );
    expect((result as unknown as { rows: { recipient: string }[] }).rows).toEqual([{ recipient: recent }]);
  });
});

describe('the outbox (no SMTP server configured) goes through the queue too', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('writes the file, logs nothing lost, and leaves the queue empty', async () => {
    const user = await server.newUser();
    const mail = await eventually(() => server.outbox().find((m) => m.to === user.email));
    expect(mail.subject).toMatch(/confirmation code/i);
    await eventually(async () => ((await queued(server.app.db)) === 0 ? true : undefined));
  });
});

// ---------------------------------------------------------------------------------------------------
// Real processes on one PostgreSQL database

const postgresUrl = process.env.TEST_DATABASE_URL;
const NO_PG = postgresUrl ? '' : ' [SKIPPED: needs TEST_DATABASE_URL (a PostgreSQL server)]';
const processes = describe.skipIf(!postgresUrl);

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
}, 60_000);

async function database(): Promise<string> {
  if (!postgresUrl) throw new Error('no PostgreSQL server');
  const db = await createTestDatabase(postgresUrl, 'mailq');
  cleanups.push(() => db.drop());
  return db.url;
}
async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  cleanups.push(() => server.stop());
  return server;
}
async function sql1<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
async function post(base: string, path: string, json: unknown, token?: string) {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(json),
  });
  return { status: response.status, body: await response.json() };
}
async function adminToken(base: string): Promise<string> {
  const response = await fetch(`${base}${API}/login/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin@example.com', password: 'admin-password-1' }).toString(),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

processes('server processes on PostgreSQL', () => {
  it(`SIGKILL after the answer and before the send: the e-mail arrives after a restart${NO_PG}`, {
    timeout: 90_000,
  }, async () => {
    const url = await database();
    const smtpPort = await freePort();
    const first = await start({ DATABASE_URL: url, ...smtpEnv(smtpPort) });
    const email = uniqueEmail('killed');
    const signup = await post(first.base, `${API}/users/signup`, {
      email,
      password: 'killed-password-1',
      full_name: 'Killed Before Sending',
    });
    expect(signup.status).toBe(200);
    // The process has tried once (nothing listens on the SMTP port) and holds no lease: kill it now.
    await eventually(async () => {
      const [row] = await sql1<{ attempts: number; leased: boolean }>(
        url,
        'SELECT attempts, leased_until IS NOT NULL AS leased FROM email_queue WHERE recipient = $1',
        [email],
      );
      return row && row.attempts >= 1 && !row.leased ? row : undefined;
    });
    first.kill('SIGKILL');
    await first.exited;

    const sink = await startSmtpSink({ port: smtpPort });
    cleanups.push(() => sink.close());
    await start({ DATABASE_URL: url, ...smtpEnv(smtpPort) });
    const mail = await waitForMail(sink, email, /confirmation code/i, 20_000);
    expect(mail.to).toEqual([email]);
    await sleep(1_500);
    expect(mailsTo(sink, email, /./).length).toBe(1);
    expect(await sql1(url, 'SELECT id FROM email_queue')).toEqual([]);
  });

  it(`two processes draining one queue send each e-mail once, and both take part${NO_PG}`, {
    timeout: 90_000,
  }, async () => {
    const url = await database();
    // A slow SMTP server, so that draining takes long enough for both processes to take part.
    const sink = await startSmtpSink({ delayMs: 40 });
    cleanups.push(() => sink.close());
    const env = { DATABASE_URL: url, ...smtpEnv(sink.port), LOG_LEVEL: 'info' };
    const a = await start(env);
    const b = await start(env);

    // Through the API, alternating between the processes (each nudges its own delivery) ...
    const tokens = [await adminToken(a.base), await adminToken(b.base)];
    const viaApi = Array.from({ length: 10 }, () => uniqueEmail('drain-api'));
    await Promise.all(
      viaApi.map(async (to, i) => {
        const base = (i % 2 === 0 ? a : b).base;
        const response = await fetch(`${base}${API}/utils/test-email/?email_to=${encodeURIComponent(to)}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[i % 2]}` },
        });
        expect(response.status).toBe(201);
      }),
    );
    // ... and straight into the table, found by the processes' polling.
    const direct = Array.from({ length: 40 }, () => uniqueEmail('drain-direct'));
    await sql1(
      url,
      `INSERT INTO email_queue (recipient, subject, html) SELECT r, 'Queued directly', '<p>hello</p>' FROM unnest($1::text[]) AS r`,
      [direct],
    );

    const everyone = [...viaApi, ...direct];
    await eventually(
      () => (everyone.every((to) => sink.mails.some((m) => m.to.includes(to))) ? true : undefined),
      30_000,
    );
    await sleep(2_000);
    for (const to of everyone) expect(sink.mails.filter((m) => m.to.includes(to)).length, to).toBe(1);
    expect(await sql1(url, 'SELECT id FROM email_queue')).toEqual([]);
    const sentBy = (server: ServerProcess) =>
      server
        .output()
        .split('\n')
        .filter((l) => l.includes('"e-mail sent"')).length;
    expect(sentBy(a) + sentBy(b)).toBe(everyone.length);
    expect(sentBy(a)).toBeGreaterThan(0);
    expect(sentBy(b)).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------------
// Shutdown with a send in flight: a real process on the project's driver

describe('SIGTERM while an SMTP send hangs', () => {
  it('the process exits 0 within its grace period; the e-mail stays queued under its lease', {
    timeout: 90_000,
  }, async () => {
    // An SMTP server that accepts connections and never greets: the send would hang for nodemailer's
    // 10 s greeting timeout, as long as the whole shutdown budget.
    const held: Socket[] = [];
    const silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      for (const socket of held) socket.destroy();
      return new Promise((resolve) => silent.close(() => resolve()));
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'starter-term-mail-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const url = postgresUrl ? await database() : undefined;
    const server = await start({
      DATA_DIR: dataDir,
      ...(url ? { DATABASE_URL: url } : {}),
      ...smtpEnv((silent.address() as AddressInfo).port),
    });
    const to = uniqueEmail('term-mail');
    const response = await fetch(
      `${server.base}${API}/utils/test-email/?email_to=${encodeURIComponent(to)}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${await adminToken(server.base)}` },
      },
    );
    expect(response.status).toBe(201);
    await eventually(() => (held.length > 0 ? true : undefined));

    const termAt = performance.now();
    server.kill('SIGTERM');
    const exit = await server.exited;
    const shutdownMs = performance.now() - termAt;
    console.log(`SIGTERM with a hanging send: exit ${exit.code} after ${shutdownMs.toFixed(0)} ms`);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(shutdownMs).toBeLessThan(8_000);
    expect(server.output()).toContain('left to its lease');

    const database_ = await openDatabase(url ? { url } : { dataDir: path.join(dataDir, 'pglite') }, {
      migrations: 'check',
    });
    try {
      const result = await database_.db.execute(
        sql`SELECT attempts, leased_until > now() AS leased, failed_at IS NULL AS pending FROM email_queue WHERE recipient = ${to}`,
      );
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([
        { attempts: 1, leased: true, pending: true },
      ]);
    } finally {
      await database_.close();
    }
  });
});
