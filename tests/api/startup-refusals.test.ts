// Start-up problems end the real server process with one line naming the cause and exit code 1: a second
// process on a locked embedded database (which touches nothing), an unreachable PostgreSQL server (after
// retrying), a bad LOG_LEVEL.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, ROOT, type ServerProcess, startServerProcess } from '../support/processes.ts';
import { type PrivateRedis, redisBinary, startPrivateRedis } from '../support/redis.ts';

// Processes on their own folders and ports: once is enough (the PGlite project, as tests/api/faults).
const suite = describe.skipIf(Boolean(process.env.TEST_DATABASE_URL));

const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'starter-refusal-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Runs the server with `env` until it exits; its exit code and everything it wrote. */
async function runToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      ENVIRONMENT: 'production',
      SECRET_KEY: randomBytes(32).toString('hex'),
      FIRST_SUPERUSER_PASSWORD: 'admin-password-1',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output, ms: Date.now() - started };
}

suite('start-up refusals', () => {
  it('a second process on the same embedded database stops, naming the one that holds it', async () => {
    const dataDir = tempDir();
    let first: ServerProcess | undefined;
    try {
      first = await startServerProcess({ DATA_DIR: dataDir });
      const second = await runToExit({ DATABASE: 'embedded', DATA_DIR: dataDir });
      expect(second.code).toBe(1);
      expect(second.output).toContain(
        `Start-up failed: The embedded database in ${path.join(dataDir, 'pglite')} is in use by process ${first.pid}`,
      );
      expect(second.output).toContain('DATABASE_URL');
      // The first one is untouched and serves on.
      const res = await fetch(`${first.base}/api/v1/utils/readiness/`);
      expect(res.status).toBe(200);
    } finally {
      await first?.stop();
    }
    // Once the first has stopped, the folder is free again.
    const again = await startServerProcess({ DATA_DIR: dataDir });
    await again.stop();
  });

  it('an unreachable PostgreSQL server: retried for DATABASE_CONNECT_WAIT_SECONDS, then one line, no stack', async () => {
    const port = await freePort();
    const result = await runToExit({
      DATABASE_URL: `postgres://app:secret-pw@127.0.0.1:${port}/app`,
      DATABASE_CONNECT_WAIT_SECONDS: '2',
      MIGRATE_ON_START: 'True',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      `Start-up failed: Cannot reach the database at postgresql://app@127.0.0.1:${port}/app`,
    );
    expect(result.output).toContain('ECONNREFUSED');
    expect(result.output).toContain('not reachable yet');
    expect(result.output).not.toContain('secret-pw');
    expect(result.output).not.toMatch(/\n\s+at /);
    expect(result.ms).toBeGreaterThanOrEqual(1_500);
  });

  it('a bad LOG_LEVEL stops start-up, naming it', async () => {
    const result = await runToExit({ DATABASE: 'embedded', DATA_DIR: tempDir(), LOG_LEVEL: 'verbose' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('Invalid setting LOG_LEVEL: expected one of fatal, error, warn, info');
  });

  describe.skipIf(!redisBinary)('REDIS_URL', { timeout: 120_000 }, () => {
    let open: PrivateRedis | undefined;
    let guarded: PrivateRedis | undefined;
    afterAll(async () => {
      await open?.kill();
      await guarded?.kill();
    });

    /** The fatal line of a production start: one JSON line, level 60, naming REDIS_URL. */
    const fatalLine = (output: string) => {
      const lines = output.trim().split('\n');
      const last = JSON.parse(lines[lines.length - 1] ?? '') as { level: number; msg: string };
      expect(last.level).toBe(60);
      return last.msg;
    };

    it('a database index Redis does not have stops start-up, naming REDIS_URL (no counting in db 0)', async () => {
      open = await startPrivateRedis();
      const result = await runToExit({
        DATABASE: 'embedded',
        DATA_DIR: tempDir(),
        REDIS_URL: `${open.url}/99`,
      });
      expect(result.code).toBe(1);
      expect(fatalLine(result.output)).toMatch(
        /^Start-up failed: Invalid setting REDIS_URL: Redis at 127\.0\.0\.1:\d+ refused database 99: ERR DB index is out of range/,
      );
    });

    it('a refused password stops start-up, naming REDIS_URL and not the password; the right one starts', async () => {
      guarded = await startPrivateRedis(undefined, ['--requirepass', 'right-redis-pw']);
      const url = new URL(guarded.url);
      url.password = 'wrong-redis-pw';
      const result = await runToExit({
        DATABASE: 'embedded',
        DATA_DIR: tempDir(),
        REDIS_URL: url.toString(),
      });
      expect(result.code).toBe(1);
      expect(fatalLine(result.output)).toMatch(
        /Invalid setting REDIS_URL: Redis at [\d.:]+ refused the user and password: WRONGPASS/,
      );
      expect(result.output).not.toContain('wrong-redis-pw');
      url.password = 'right-redis-pw';
      const server = await startServerProcess({
        DATA_DIR: tempDir(),
        REDIS_URL: `${url.toString()}/2`,
        RATE_LIMIT_ENABLED: 'true',
        LOG_LEVEL: 'info',
      });
      await server.stop();
      expect(server.output()).toContain('limits redis (shared by every process)');
    });

    it('a Redis that is down at start is a warning: the server starts, and its summary says so', async () => {
      const server = await startServerProcess({
        DATA_DIR: tempDir(),
        REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
        RATE_LIMIT_ENABLED: 'true',
        LOG_LEVEL: 'info',
      });
      await server.stop();
      expect(server.output()).toContain(
        'limits redis, unreachable at start: each process counts on its own until it answers',
      );
      expect(server.output()).not.toContain('shared by every process');
    });
  });
});

// A PostgreSQL server that answers but refuses: said as such, not as "cannot reach" (it was reached).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'start-up refusals of the PostgreSQL server',
  { timeout: 120_000 },
  () => {
    const server = new URL(process.env.TEST_DATABASE_URL || 'postgres://localhost/x');
    const at = (change: (url: URL) => void) => {
      const url = new URL(server.toString());
      change(url);
      return url.toString();
    };

    it('a database that does not exist is named, with what to do, at once', async () => {
      const name = `missing_${randomBytes(4).toString('hex')}`;
      const result = await runToExit({
        DATABASE_URL: at((url) => {
          url.pathname = `/${name}`;
        }),
        MIGRATE_ON_START: 'True',
      });
      expect(result.code).toBe(1);
      expect(result.output).toContain(
        `The database \\"${name}\\" does not exist on the PostgreSQL server at ${server.host}`,
      );
      expect(result.output).toContain(`createdb ${name}`);
      expect(result.output).not.toContain('Cannot reach');
      expect(result.ms).toBeLessThan(15_000);
    });

    it('a refused login is named as such, without the password', async () => {
      const result = await runToExit({
        DATABASE_URL: at((url) => {
          url.username = `nobody_${randomBytes(4).toString('hex')}`;
          url.password = 'some-db-pw';
        }),
        MIGRATE_ON_START: 'True',
      });
      expect(result.code).toBe(1);
      expect(result.output).toMatch(
        /The PostgreSQL server at \S+ refused the login of nobody_\w+ to postgresql:\/\/nobody_\w+@/,
      );
      expect(result.output).toMatch(/\((28P01|28000): /);
      expect(result.output).not.toContain('some-db-pw');
      expect(result.output).not.toContain('Cannot reach');
    });
  },
);
