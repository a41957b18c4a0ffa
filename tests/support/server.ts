import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { ensureFirstSuperuser } from '../../server/bootstrap.ts';
import { loadSettings, type Settings } from '../../server/config.ts';
import { type DatabaseHandle, migrationsFolder, openDatabase } from '../../server/db/index.ts';

export const SUPERUSER = { email: 'admin@example.com', password: 'admin-password-1' } as const;

/**
 * Where the dump of a freshly migrated PGlite is kept: named by the migrations' text and PGlite's
 * version, so a new migration or another PGlite makes (and uses) a new one.
 */
function migratedDumpFile(): string {
  const digest = createHash('sha256');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      )
      .sort();
  for (const file of files(migrationsFolder)) digest.update(file).update(readFileSync(file));
  digest.update(readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json')));
  return path.join(tmpdir(), `starter-pglite-migrated-${digest.digest('hex').slice(0, 16)}.tar`);
}

/**
 * An in-memory PGlite started from the dump of a freshly migrated one (made by the first server that
 * needs it, before any use): PGlite's initdb and the migrations are most of a server's start (about
 * 20 s of a UI walk file's start on the shared machine; from the dump, 2–5 s). Its migrations are
 * checked as always; a dump that does not load is made again.
 */
async function migratedPglite(): Promise<DatabaseHandle> {
  const file = migratedDumpFile();
  let dump: Buffer | undefined;
  try {
    dump = readFileSync(file);
  } catch {}
  if (dump) {
    try {
      return await openDatabase({ memory: true, from: new Blob([new Uint8Array(dump)]) });
    } catch {}
  }
  const handle = await openDatabase({ memory: true });
  const fresh = await handle.dump?.();
  if (fresh) {
    // Written aside, then renamed: a server starting meanwhile never reads half a dump.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await fresh.arrayBuffer()));
    renameSync(partial, file);
  }
  return handle;
}

/**
 * A fresh, uniquely named database on the PostgreSQL server of TEST_DATABASE_URL, or in-memory PGlite
 * (`fromDump`: started from a migrated one's dump, see `migratedPglite`).
 */
async function freshDatabase(
  options: { statementTimeoutMs?: number; fromDump?: boolean } = {},
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = options.fromDump ? await migratedPglite() : await openDatabase({ memory: true });
    return { handle, drop: async () => {} };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() }, options);
  return {
    handle,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | number | string[] | undefined>;
  text: string;
  raw: Buffer;
}

export interface RequestOptions {
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** The client address the server sees (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface TestServer {
  app: FastifyInstance;
  settings: Settings;
  driver: DatabaseHandle['driver'];
  dataDir: string;
  request<T = any>(method: string, url: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  login(email: string, password: string): Promise<string>;
  /** Signs up a new user with a unique e-mail and returns its record, password and token. */
  newUser(overrides?: { email?: string; password?: string; full_name?: string }): Promise<TestUser>;
  superuserToken(): Promise<string>;
  /** E-mails written to the outbox (the mailer's mode without SMTP_HOST), oldest first. */
  outbox(): { to: string; subject: string; html: string }[];
  close(): Promise<void>;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  record: Record<string, any>;
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}-${randomBytes(2).toString('hex')}@example.com`;

/** The real server, in-process, on a fresh database. `env` adds or overrides settings. */
export async function startTestServer(
  env: Record<string, string> = {},
  /** `pgliteFromDump`: on PGlite, start from a migrated database's dump (the UI tests' servers). */
  options: { webRoot?: string; pgliteFromDump?: boolean } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starter-test-'));
  const settings = loadSettings({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    FIRST_SUPERUSER: SUPERUSER.email,
    FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
    FRONTEND_HOST: 'http://localhost:5173',
    ...env,
  });
  const { handle, drop } = await freshDatabase({
    statementTimeoutMs: settings.database.statementTimeoutMs,
    fromDump: options.pgliteFromDump,
  });
  const app = await buildApp({ settings, db: handle.db, webRoot: options.webRoot ?? false });
  await ensureFirstSuperuser(settings, app.users, app.log);
  await app.ready();
  // A served app starts its e-mail worker once listening; this one is only injected into.
  app.mailDelivery.start();

  let superToken: string | undefined;
  const server: TestServer = {
    app,
    settings,
    driver: handle.driver,
    dataDir,
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
      let payload: string | Buffer | undefined = options.payload;
      if (options.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        payload = JSON.stringify(options.json);
      } else if (options.form) {
        headers['content-type'] ??= 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(options.form).toString();
      }
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers,
        payload,
        remoteAddress: options.remoteAddress,
      });
      let body: any = response.body;
      if (String(response.headers['content-type'] ?? '').includes('application/json')) body = response.json();
      return {
        status: response.statusCode,
        body,
        headers: response.headers,
        text: response.body,
        raw: response.rawPayload,
      };
    },
    async login(email, password) {
      const res = await server.request<{ access_token: string }>('POST', '/api/v1/login/access-token', {
        form: { username: email, password },
      });
      if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status} ${res.text}`);
      return res.body.access_token;
    },
    async newUser(overrides = {}) {
      const email = overrides.email ?? uniqueEmail();
      const password = overrides.password ?? `pw-${randomBytes(6).toString('hex')}`;
      const res = await server.request('POST', '/api/v1/users/signup', {
        json: { email, password, full_name: overrides.full_name ?? 'Test User' },
      });
      if (res.status !== 200) throw new Error(`signup failed: ${res.status} ${res.text}`);
      const token = await server.login(email, password);
      return { id: res.body.id, email, password, token, record: res.body };
    },
    async superuserToken() {
      superToken ??= await server.login(SUPERUSER.email, SUPERUSER.password);
      return superToken;
    },
    outbox() {
      const folder = path.join(dataDir, 'outbox');
      let files: string[] = [];
      try {
        files = readdirSync(folder).sort();
      } catch {
        return [];
      }
      return files.map((file) => {
        const text = readFileSync(path.join(folder, file), 'utf8');
        const header = text.slice(0, text.indexOf('-->'));
        return {
          to: /To: (.*)/.exec(header)?.[1]?.trim() ?? '',
          subject: /Subject: (.*)/.exec(header)?.[1]?.trim() ?? '',
          html: text.slice(text.indexOf('-->') + 4),
        };
      });
    },
    async close() {
      await app.close();
      await handle.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Polls until `check` returns a value (e-mails are sent after the response). */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
