// SENTRY_DSN: the real server process reports its unexpected errors (500) to Sentry, here a local ingest
// sink on 127.0.0.1 that keeps every envelope it receives, and nothing else: no 4xx, no bearer token, no
// password. The 500 is genuine: a trigger the server knows nothing about refuses writes in the database
// (as an operator's trigger or a constraint added behind the application's back would), so the queries
// fail with an error no handler expects. Runs on the project's driver: PGlite (the folder prepared before
// the server opens it) or PostgreSQL (TEST_DATABASE_URL).

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/index.ts';
import { createTestDatabase, type ServerProcess, startServerProcess } from '../support/processes.ts';

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
const PASSWORD = 'admin-password-1';
const NEW_PASSWORD = 'a-new-password-that-never-leaves-9';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A refusal the server's code does not know: every insert of an item and every update of a user fails. */
const FAULT = [
  `CREATE FUNCTION refuse_writes() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION 'writes refused by the test''s trigger'; END $$`,
  'CREATE TRIGGER refuse_item_inserts BEFORE INSERT ON items FOR EACH ROW EXECUTE FUNCTION refuse_writes()',
  'CREATE TRIGGER refuse_user_updates BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION refuse_writes()',
];

interface Envelope {
  path: string;
  raw: string;
  header: Record<string, unknown>;
  items: { header: { type?: string }; payload: Record<string, unknown> }[];
}

/** Sentry's ingest as far as the SDK can tell: POST /api/<project>/envelope/, answered 200. */
function startIngestSink(): Promise<{ server: Server; port: number; envelopes: Envelope[] }> {
  const envelopes: Envelope[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const raw = body.toString('utf8');
      const lines = raw.split('\n').filter((line) => line.trim() !== '');
      const [header = '{}', ...rest] = lines;
      const items: Envelope['items'] = [];
      for (let i = 0; i + 1 < rest.length; i += 2) {
        items.push({ header: JSON.parse(rest[i] ?? '{}'), payload: JSON.parse(rest[i + 1] ?? '{}') });
      }
      envelopes.push({
        path: new URL(request.url ?? '/', 'http://sink').pathname,
        raw,
        header: JSON.parse(header),
        items,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, envelopes });
    }),
  );
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
}, 60_000);

/** The database the server will use, migrated, with FAULT installed before the server starts. */
async function faultyDatabase(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starter-sentry-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let env: Record<string, string> = { DATA_DIR: dataDir };
  let target: { url: string } | { dataDir: string } = { dataDir: path.join(dataDir, 'pglite') };
  if (postgresUrl) {
    const database = await createTestDatabase(postgresUrl, 'sentry');
    cleanups.push(() => database.drop());
    env = { ...env, DATABASE_URL: database.url };
    target = { url: database.url };
  }
  const handle = await openDatabase(target, { migrations: 'apply' });
  try {
    for (const statement of FAULT) await handle.db.execute(sql.raw(statement));
  } finally {
    await handle.close();
  }
  return env;
}

describe('SENTRY_DSN', () => {
  let sink: Awaited<ReturnType<typeof startIngestSink>>;
  let server: ServerProcess;

  beforeAll(async () => {
    sink = await startIngestSink();
    cleanups.push(() => new Promise<void>((resolve) => sink.server.close(() => resolve())));
    const env = await faultyDatabase();
    server = await startServerProcess({
      ...env,
      ENVIRONMENT: 'staging',
      SENTRY_DSN: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${sink.port}/42`,
      SENTRY_RELEASE: 'starter@test-release',
    });
    cleanups.push(() => server.stop());
  }, 120_000);

  it('reports a 500 with its environment and release, without the token or the passwords; no 4xx', async () => {
    const base = `${server.base}/api/v1`;
    const login = await fetch(`${base}/login/access-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin@example.com', password: PASSWORD }).toString(),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    // Refusals are the caller's business, not the operator's: none of these is reported.
    const refusals = [
      await fetch(`${base}/items/00000000-0000-4000-8000-000000000000`, { headers: auth }),
      await fetch(`${base}/items/`, { method: 'POST', headers: auth, body: '{"title": ""}' }),
      await fetch(`${base}/users/me/password`, {
        method: 'PATCH',
        headers: auth,
        body: JSON.stringify({ current_password: 'not-the-password-1', new_password: NEW_PASSWORD }),
      }),
      await fetch(`${base}/users/me`),
    ];
    expect(refusals.map((r) => r.status)).toEqual([404, 422, 400, 401]);

    const failedInsert = await fetch(`${base}/items/?note=query-not-reported`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ title: 'refused by the trigger' }),
    });
    const failedPasswordChange = await fetch(`${base}/users/me/password`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({ current_password: PASSWORD, new_password: NEW_PASSWORD }),
    });
    expect([failedInsert.status, failedPasswordChange.status]).toEqual([500, 500]);
    expect(await failedInsert.json()).toEqual({ detail: 'Internal Server Error' });
    const requestIds = [failedInsert, failedPasswordChange].map((r) => r.headers.get('x-request-id'));

    const events = () =>
      sink.envelopes.flatMap((envelope) =>
        envelope.items.filter((item) => item.header.type === 'event').map((item) => ({ envelope, item })),
      );
    const deadline = Date.now() + 15_000;
    while (events().length < 2 && Date.now() < deadline) await sleep(50);
    // Anything else the server would report has had time to arrive too.
    await sleep(1_000);

    const reported = events();
    console.log(
      `Sentry sink: ${sink.envelopes.length} envelopes, ${reported.length} events: ` +
        reported.map(({ item }) => JSON.stringify((item.payload as { request?: unknown }).request)).join(' '),
    );
    expect(reported).toHaveLength(2);
    expect(sink.envelopes.every((e) => e.path === '/api/42/envelope/')).toBe(true);
    const payloads = reported.map(({ item }) => item.payload) as {
      environment?: string;
      release?: string;
      level?: string;
      request?: { method?: string; url?: string; headers?: unknown; data?: unknown };
      tags?: Record<string, string>;
      exception?: { values?: { type?: string; value?: string }[] };
    }[];
    expect(payloads.map((p) => p.request)).toEqual([
      { method: 'POST', url: '/api/v1/items/' },
      { method: 'PATCH', url: '/api/v1/users/me/password' },
    ]);
    expect(payloads.map((p) => p.tags?.request_id)).toEqual(requestIds);
    for (const payload of payloads) {
      expect(payload.environment).toBe('staging');
      expect(payload.release).toBe('starter@test-release');
      expect(payload.level).toBe('error');
      // The database's own words reach the report (through the error's cause).
      const messages = (payload.exception?.values ?? []).map((v) => v.value ?? '').join('\n');
      expect(messages).toContain("writes refused by the test's trigger");
      expect(messages).not.toMatch(/params: (?!\[withheld\])/);
    }
    for (const envelope of sink.envelopes) {
      expect(envelope.raw).not.toContain(token);
      expect(envelope.raw).not.toContain(PASSWORD);
      expect(envelope.raw).not.toContain(NEW_PASSWORD);
      expect(envelope.raw).not.toContain('$argon2');
      expect(envelope.raw.toLowerCase()).not.toContain('authorization');
      expect(envelope.raw).not.toContain('query-not-reported');
    }
  });
});
