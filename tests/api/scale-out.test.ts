// Scale out, proven: several server processes share PostgreSQL, Redis and S3-compatible storage. Server
// A is a node:cluster of WEB_CONCURRENCY=2 workers, server B a single process; every request below goes
// round-robin over A and B on a fresh connection (so A's primary hands it to either of its workers).
// Then Redis goes down and comes back. Needs a PostgreSQL server (TEST_DATABASE_URL: the `api` project
// on PostgreSQL) and the redis-server binary; it runs once, not again in api-pglite.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/index.ts';
import { API } from '../support/api.ts';
import { duplicateKeys } from '../support/log-lines.ts';
import {
  clusterWorkers,
  createTestDatabase,
  freePort,
  type ServerProcess,
  startServerProcess,
} from '../support/processes.ts';
import { eventually, uniqueEmail } from '../support/server.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisBinary = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server']).toString().trim() || null;
  } catch {
    return null;
  }
})();
if (!redisBinary && process.env.CI) throw new Error('CI needs redis-server (see .ci/run)');
const SKIP = !postgresUrl
  ? ' [SKIPPED: needs TEST_DATABASE_URL (a PostgreSQL server)]'
  : !redisBinary
    ? ' [SKIPPED: needs the redis-server binary]'
    : '';
const suite = describe.skipIf(SKIP !== '');

// ---------------------------------------------------------------------------------------------------
// Redis, S3 and the two servers

function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    redisBinary ?? 'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve(child);
    });
    child.once('exit', () => reject(new Error(`redis-server exited:\n${out}`)));
  });
}
const stopRedis = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
};

let redis: ChildProcess;
let redisPort: number;
let s3: S3rver;
let a: ServerProcess;
let b: ServerProcess;
let aStartOutput = '';
let databaseUrl = '';
const cleanups: (() => Promise<unknown> | unknown)[] = [];

beforeAll(async () => {
  if (SKIP || !postgresUrl) return;
  redisPort = await freePort();
  redis = await startRedis(redisPort);
  cleanups.push(() => stopRedis(redis));
  const s3Dir = mkdtempSync(path.join(tmpdir(), 's3rver-scale-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'uploads', configs: [] }],
  });
  const s3Address = (await s3.run()) as AddressInfo;
  cleanups.push(async () => {
    await s3.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });
  const database = await createTestDatabase(postgresUrl, 'scale');
  cleanups.push(() => database.drop());
  databaseUrl = database.url;
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    REDIS_KEY_PREFIX: `scale-${randomBytes(4).toString('hex')}`,
    S3_BUCKET: 'uploads',
    S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    SECRET_KEY: randomBytes(32).toString('hex'),
    RATE_LIMIT_ENABLED: 'true',
    RATE_LIMIT_RECOVERY_PER_ACCOUNT: '4/600',
    LOG_LEVEL: 'warn',
    DATA_DIR: s3Dir,
  };
  a = await startServerProcess({ ...shared, WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' });
  cleanups.push(() => a.stop());
  await eventually(() => (servingPids(a.output()).size === 2 ? true : undefined), 60_000);
  aStartOutput = a.output();
  b = await startServerProcess(shared);
  cleanups.push(() => b.stop());
}, 180_000);
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
}, 60_000);

const logLines = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { pid: number; msg: string });
/** The workers the primary names in its one start-up summary (each worker says nothing of its own). */
const servingPids = (output: string) => {
  const summaries = logLines(output).filter((l) => l.msg.includes('serving http'));
  expect(summaries.length).toBeLessThanOrEqual(1);
  return new Set((summaries[0] as { workerPids?: number[] } | undefined)?.workerPids ?? []);
};

interface Answer {
  status: number;
  body: any;
  raw: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** One request on a fresh connection (no keep-alive), so a cluster's primary picks a worker for each. */
function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; form?: Record<string, string>; multipart?: Buffer } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  let body: Buffer | undefined;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = Buffer.from(JSON.stringify(options.json));
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = Buffer.from(new URLSearchParams(options.form).toString());
  } else if (options.multipart) {
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    body = options.multipart;
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(url, base), { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const type = String(res.headers['content-type'] ?? '');
        resolve({
          status: res.statusCode ?? 0,
          raw,
          headers: res.headers,
          body: type.includes('json') ? JSON.parse(raw.toString() || 'null') : raw.toString(),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const BOUNDARY = 'scale-out-boundary';
const photoBody = (data: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

let turn = 0;
/** The next server in the round-robin: A, B, A, B … */
const next = () => (turn++ % 2 === 0 ? a : b).base;

async function signup(): Promise<{ email: string; password: string; token: string }> {
  const email = uniqueEmail('scale');
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const res = await call(next(), 'POST', `${API}/users/signup`, {
    json: { email, password, full_name: 'Scale' },
  });
  expect(res.status).toBe(200);
  return { email, password, token: await login(next(), email, password) };
}
async function login(base: string, email: string, password: string): Promise<string> {
  const res = await call(base, 'POST', `${API}/login/access-token`, { form: { username: email, password } });
  expect(res.status).toBe(200);
  return res.body.access_token;
}
/** Every server, A twice (its two workers, most likely), with one request each. */
const everywhere = () => [a.base, a.base, b.base, b.base];

suite(`several server processes on one PostgreSQL, Redis and S3${SKIP}`, () => {
  it('A runs 2 workers; migrations ran once, in its primary, before them', async () => {
    const lines = logLines(aStartOutput);
    const workers = servingPids(aStartOutput);
    expect(workers.size).toBe(2);
    const files = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
    const migrating = lines.filter((l) => l.msg.startsWith('applying migration'));
    expect(migrating).toHaveLength(files.length);
    const primary = migrating[0]?.pid;
    expect(migrating.every((l) => l.pid === primary)).toBe(true);
    expect(workers.has(primary ?? -1)).toBe(false);
    expect(lines.filter((l) => l.msg.startsWith('database schema up to date'))).toHaveLength(1);
    const applied = await new pg.Client({ connectionString: databaseUrl });
    await applied.connect();
    const { rows } = await applied.query('SELECT hash FROM drizzle.__drizzle_migrations');
    await applied.end();
    expect(rows).toHaveLength(files.length);
  });

  it('a password change through one signs the other sessions out on all', async () => {
    const user = await signup();
    const other = await login(next(), user.email, user.password);
    const changed = await call(next(), 'PATCH', `${API}/users/me/password`, {
      token: user.token,
      json: { current_password: user.password, new_password: `${user.password}-new` },
    });
    expect(changed.status).toBe(200);
    for (const base of everywhere()) {
      const refused = await call(base, 'GET', `${API}/users/me`, { token: other });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: 'Could not validate credentials' });
      expect((await call(base, 'GET', `${API}/users/me`, { token: user.token })).status).toBe(200);
    }
  });

  it('rate limits are counted across all (recovery: 4 per account)', async () => {
    const user = await signup();
    const ask = (base: string) =>
      call(base, 'POST', `${API}/password-recovery/${encodeURIComponent(user.email)}`);
    for (let i = 0; i < 4; i++) expect((await ask(next())).status).toBe(200);
    for (const base of everywhere()) expect((await ask(base)).status).toBe(429);
  });

  it('a photo uploaded through one is served by all', async () => {
    const user = await signup();
    const png = readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'photo.png'));
    const uploaded = await call(a.base, 'PATCH', `${API}/users/me/profile_photo`, {
      token: user.token,
      multipart: photoBody(png),
    });
    expect(uploaded.status).toBe(200);
    for (const base of everywhere()) {
      const served = await call(base, 'GET', uploaded.body.profile_photo_url);
      expect(served.status).toBe(200);
      expect(served.raw.equals(png)).toBe(true);
    }
  });

  it('counts stay exact under concurrent writes through all', async () => {
    const user = await signup();
    const admin = await login(next(), 'admin@example.com', 'admin-password-1');
    const usersBefore = (await call(next(), 'GET', `${API}/users/?limit=1`, { token: admin })).body.count;
    const ITEMS = 60;
    const USERS = 12;
    await Promise.all([
      ...Array.from({ length: ITEMS }, async (_, i) => {
        const res = await call(next(), 'POST', `${API}/items/`, {
          token: user.token,
          json: { title: `x${i}` },
        });
        expect(res.status).toBe(200);
      }),
      ...Array.from({ length: USERS }, async () => {
        const res = await call(next(), 'POST', `${API}/users/`, {
          token: admin,
          json: { email: uniqueEmail('scale-many'), password: 'scale-password-1' },
        });
        expect(res.status).toBe(200);
      }),
    ]);
    for (const base of everywhere()) {
      const items = await call(base, 'GET', `${API}/items/?limit=100`, { token: user.token });
      expect(items.body.count).toBe(ITEMS);
      expect(new Set(items.body.data.map((item: { id: string }) => item.id)).size).toBe(ITEMS);
      const users = await call(base, 'GET', `${API}/users/?limit=1`, { token: admin });
      expect(users.body.count).toBe(usersBefore + USERS);
    }
  });

  it('Redis down: still ready but degraded, each process counts on its own and says so loudly; once it is back, shared again', {
    timeout: 60_000,
  }, async () => {
    await stopRedis(redis);
    const lostLine = 'Redis is unreachable; each server process counts on its own';
    await eventually(() =>
      a.output().includes(lostLine) && b.output().includes(lostLine) ? true : undefined,
    );
    // Every instance shares this Redis: 503 would take them all out of the load balancer at once.
    for (const base of everywhere()) {
      const ready = await call(base, 'GET', `${API}/utils/readiness/`);
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'degraded', checks: { redis: 'unreachable' } });
    }

    // Limits still hold, per process: 4 per account in each of the 3 processes, then 429.
    const user = await signup();
    const ask = (base: string) =>
      call(base, 'POST', `${API}/password-recovery/${encodeURIComponent(user.email)}`);
    const fromA: number[] = [];
    const fromB: number[] = [];
    for (let i = 0; i < 12; i++) {
      fromA.push((await ask(a.base)).status);
      fromB.push((await ask(b.base)).status);
    }
    // B, one process: its own 4, then 429. A, two workers: 4 each at most. Together more than 4.
    expect(fromB).toEqual([...Array(4).fill(200), ...Array(8).fill(429)]);
    const okA = fromA.filter((s) => s === 200).length;
    expect(okA).toBeGreaterThanOrEqual(4);
    expect(okA).toBeLessThanOrEqual(8);
    expect(fromA.every((s) => s === 200 || s === 429)).toBe(true);

    redis = await startRedis(redisPort);
    const backLine = 'Redis is back; counts are shared again';
    await eventually(
      () => (a.output().split(backLine).length - 1 >= 2 && b.output().includes(backLine) ? true : undefined),
      20_000,
    );
    for (const base of everywhere()) {
      const ready = await call(base, 'GET', `${API}/utils/readiness/`);
      expect(ready.status).toBe(200);
      expect(ready.body.status).toBe('ready');
    }
    const again = await signup();
    const askAgain = (base: string) =>
      call(base, 'POST', `${API}/password-recovery/${encodeURIComponent(again.email)}`);
    for (let i = 0; i < 4; i++) expect((await askAgain(next())).status).toBe(200);
    for (const base of everywhere()) expect((await askAgain(base)).status).toBe(429);
  });
  it('a worker that dies is replaced; SIGTERM stops the workers, then the primary, with 0', {
    timeout: 60_000,
  }, async () => {
    const workers = () => clusterWorkers(a.pid);
    const before = workers();
    expect(before).toHaveLength(2);
    const [victim, survivor] = before as [number, number];
    process.kill(victim, 'SIGKILL');
    const after = await eventually(() => {
      const now = workers();
      return now.length === 2 && !now.includes(victim) ? now : undefined;
    }, 30_000);
    expect(after).toContain(survivor);
    await eventually(() => (a.output().includes('a worker died; starting another') ? true : undefined));
    // One pid per line: the primary's (pino's own key); the worker's is workerPid.
    const died =
      a
        .output()
        .split('\n')
        .find((l) => l.includes('a worker died')) ?? '';
    expect(duplicateKeys(died)).toEqual([]);
    expect(JSON.parse(died)).toMatchObject({ pid: a.pid, workerPid: victim, signal: 'SIGKILL' });
    for (let i = 0; i < 4; i++) {
      expect((await call(a.base, 'GET', `${API}/utils/health-check/`)).status).toBe(200);
    }
    a.kill('SIGTERM');
    expect(await a.exited).toEqual({ code: 0, signal: null });
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(after.filter(alive)).toEqual([]);
  });
});

describe('WEB_CONCURRENCY', () => {
  it('more than one process without a PostgreSQL server stops start-up with a message naming it', async () => {
    const { loadSettings, SettingsError } = await import('../../server/config.ts');
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wc-')),
      SECRET_KEY: 'x'.repeat(32),
    };
    expect(loadSettings({ ...env, WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(() => loadSettings({ ...env, WEB_CONCURRENCY: '2' })).toThrow(SettingsError);
    expect(() => loadSettings({ ...env, WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY.*PostgreSQL/);
    expect(() => loadSettings({ ...env, WEB_CONCURRENCY: 'two' })).toThrow(/WEB_CONCURRENCY/);
    expect(
      loadSettings({ ...env, WEB_CONCURRENCY: '3', DATABASE_URL: 'postgres://u@h/db' }).webConcurrency,
    ).toBe(3);
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  });
});
