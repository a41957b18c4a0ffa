// `npm run admin -- <command> EMAIL` run as a real process (`node --import tsx server/admin-cli.ts`, the
// sources of what the build compiles to dist/server/admin-cli.js) against the database a real server
// uses: an embedded PGlite data folder, and a database on the PostgreSQL server of TEST_DATABASE_URL.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { ensureFirstSuperuser } from '../../server/bootstrap.ts';
import { loadSettings } from '../../server/config.ts';
import { type DatabaseHandle, openDatabase } from '../../server/db/index.ts';
import { API } from '../support/api.ts';
import { createTestDatabase, ROOT } from '../support/processes.ts';
import { uniqueEmail } from '../support/server.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
const haveRedis = await redisReachable();
if (!haveRedis && process.env.CI) throw new Error(`CI needs Redis at ${REDIS_URL}`);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI as a process, with the server's settings (`env`) and `input` on stdin. */
function admin(env: Record<string, string>, args: string[], input = ''): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'server', 'admin-cli.ts'), ...args],
      {
        cwd: ROOT,
        timeout: 60_000,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input);
  });
}

/** A server's settings and database, started in this process on demand (the CLI needs the folder free). */
interface Target {
  env: Record<string, string>;
  target: { url: string } | { dataDir: string };
  cleanup(): Promise<void>;
}

async function withServer<T>(t: Target, work: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const settings = loadSettings(t.env);
  const handle: DatabaseHandle = await openDatabase(t.target);
  const app = await buildApp({ settings, db: handle.db, webRoot: false, logger: false });
  try {
    await ensureFirstSuperuser(settings, app.users, app.log);
    await app.ready();
    return await work(app);
  } finally {
    await app.close();
    await handle.close();
  }
}

const call = async (
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  form?: object,
) => {
  const res = await app.inject({
    method,
    url: `${API}${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(form ? { payload: new URLSearchParams(form as Record<string, string>).toString() } : {}),
    ...(form ? { headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};
const login = (app: FastifyInstance, username: string, password: string) =>
  call(app, 'POST', '/login/access-token', undefined, { username, password });

function baseEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    FIRST_SUPERUSER: 'admin@example.com',
    FIRST_SUPERUSER_PASSWORD: 'admin-password-1',
    LOG_LEVEL: 'silent',
  };
}

function cliSuite(name: string, make: () => Promise<Target>) {
  // A test runs up to three CLI processes (each may take its own 60 s): more than the project's 30 s.
  describe(name, { timeout: 120_000 }, () => {
    let t: Target;
    const email = uniqueEmail('cli');
    const password = 'cli-password-1';
    let token: string;
    beforeAll(async () => {
      t = await make();
      token = await withServer(t, async (app) => {
        const signup = await app.inject({
          method: 'POST',
          url: `${API}/users/signup`,
          payload: { email, password, full_name: 'CLI' },
        });
        expect(signup.statusCode).toBe(200);
        const res = await login(app, email, password);
        return String(res.body.access_token);
      });
    });
    afterAll(() => t?.cleanup());

    it('set-password: the lost superuser password, read from stdin; its old sessions end', async () => {
      const su = await withServer(t, async (app) => {
        const res = await login(app, 'admin@example.com', 'admin-password-1');
        expect(res.status).toBe(200);
        return String(res.body.access_token);
      });
      const run = await admin(t.env, ['set-password', 'admin@example.com'], 'a-brand-new-secret-9\n');
      expect(run, run.stderr).toMatchObject({ code: 0 });
      expect(run.stdout).toContain('password set for admin@example.com');
      expect(run.stdout + run.stderr).not.toContain('a-brand-new-secret-9');
      await withServer(t, async (app) => {
        expect((await login(app, 'admin@example.com', 'admin-password-1')).status).toBe(400);
        expect((await login(app, 'admin@example.com', 'a-brand-new-secret-9')).status).toBe(200);
        expect((await call(app, 'GET', '/users/me', su)).status).toBe(403);
      });
    });

    it('set-password refuses a short or common password, and an unknown e-mail, changing nothing', async () => {
      const short = await admin(t.env, ['set-password', email], 'short\n');
      expect(short.code).toBe(1);
      expect(short.stderr).toMatch(/at least 8 characters; nothing changed/);
      const common = await admin(t.env, ['set-password', email], 'password123\n');
      expect(common.code).toBe(1);
      expect(common.stderr).toMatch(/too common/);
      const unknown = await admin(t.env, ['set-password', 'nobody@example.com'], 'long-enough-pass-1\n');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/no account with the e-mail nobody@example.com/);
      await withServer(t, async (app) => {
        expect((await login(app, email, password)).status).toBe(200);
        expect((await call(app, 'GET', '/users/me', token)).status).toBe(200);
      });
    });

    it('end-sessions: every token of the account is refused, signing in again works', async () => {
      const run = await admin(t.env, ['end-sessions', email]);
      expect(run, run.stderr).toMatchObject({ code: 0 });
      expect(run.stdout).toContain(`every session of ${email} is ended`);
      await withServer(t, async (app) => {
        expect((await call(app, 'GET', '/users/me', token)).status).toBe(403);
        const again = await login(app, email, password);
        expect((await call(app, 'GET', '/users/me', String(again.body.access_token))).status).toBe(200);
      });
    });

    it('usage: no command → 2 with the usage, an unknown one → 2', async () => {
      const none = await admin(t.env, []);
      expect(none.code).toBe(2);
      expect(none.stdout).toContain('Usage: npm run admin -- <command> EMAIL');
      const bad = await admin(t.env, ['delete-everything', email]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('unknown command "delete-everything"');
    });

    it('unlock without REDIS_URL says why it cannot reach the lockouts (exit 1)', async () => {
      const run = await admin(t.env, ['unlock', email]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/without REDIS_URL .* own memory/);
    });

    it.skipIf(!haveRedis)('unlock clears the lockout the servers share in Redis', async () => {
      const env = {
        ...t.env,
        REDIS_URL,
        REDIS_KEY_PREFIX: `cli-${randomBytes(6).toString('hex')}`,
        RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '3/600',
      };
      const locked = { ...t, env };
      await withServer(locked, async (app) => {
        for (let i = 0; i < 3; i++) expect((await login(app, email, 'wrong-password')).status).toBe(400);
        expect((await login(app, email, password)).status).toBe(429);
        const run = await admin(env, ['unlock', email.toUpperCase()]);
        expect(run, run.stderr).toMatchObject({ code: 0 });
        expect(run.stdout).toContain(`sign-in unlocked for ${email}`);
        expect((await login(app, email, password)).status).toBe(200);
      });
    });
  });
}

cliSuite('admin CLI on an embedded PGlite data folder', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'starter-cli-'));
  const env = { ...baseEnv(dir), DATABASE: 'embedded' };
  return {
    env,
    target: { dataDir: path.join(dir, 'pglite') },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  cliSuite('admin CLI on PostgreSQL', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'starter-cli-'));
    const database = await createTestDatabase(postgresUrl, 'cli');
    return {
      env: { ...baseEnv(dir), DATABASE_URL: database.url },
      target: { url: database.url },
      cleanup: async () => {
        await database.drop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
}
