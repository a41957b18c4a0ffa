// Start-up problems end the real server process with one line naming the cause and exit code 1: a second
// process on a locked embedded database (which touches nothing), an unreachable PostgreSQL server (after
// retrying), a bad LOG_LEVEL.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  freePort,
  ROOT,
  type ServerProcess,
  startServerProcess,
} from '../support/processes.ts';
import { type PrivateRedis, redisBinary, startPrivateRedis } from '../support/redis.ts';
import { eventually } from '../support/server.ts';

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
  node = process.execPath,
): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  const child = spawn(node, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
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
    // Each wait is a warning (the operator should look), the give-up fatal, with the host that said it.
    const lines = result.output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    const waits = lines.filter((l) => l.msg.includes('not reachable yet'));
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((l) => l.level === 40)).toBe(true);
    expect(lines.at(-1)).toMatchObject({ level: 60, hostname: hostname(), pid: expect.any(Number) });
    expect(result.output).not.toContain('secret-pw');
    expect(result.output).not.toMatch(/\n\s+at /);
    expect(result.ms).toBeGreaterThanOrEqual(1_500);
  });

  // The machine's own Node (20 here) is older than package.json's engines: said at start, as a warning.
  const systemNode = '/usr/bin/node';
  const systemVersion = existsSync(systemNode)
    ? execFileSync(systemNode, ['--version']).toString().trim()
    : '';
  const [major = 0, minor = 0] = systemVersion.slice(1).split('.').map(Number);
  const old = major > 0 && (major < 22 || (major === 22 && minor < 12));
  it.skipIf(!old)(
    `Node ${systemVersion || '(none at /usr/bin/node)'}: a warning that it is not supported`,
    { timeout: 120_000 },
    async () => {
      const result = await runToExit(
        {
          DATABASE_URL: `postgres://app@127.0.0.1:${await freePort()}/app`,
          DATABASE_CONNECT_WAIT_SECONDS: '0',
        },
        systemNode,
      );
      expect(result.output).toMatch(
        new RegExp(
          `"level":40,.*"node":"${systemVersion}".*not supported \\(package\\.json engines: \\^22\\.12\\.0 \\|\\| \\^24\\.0\\.0\\)`,
        ),
      );
      // The supported Node says nothing of the kind.
      const current = await runToExit({
        DATABASE_URL: `postgres://app@127.0.0.1:${await freePort()}/app`,
        DATABASE_CONNECT_WAIT_SECONDS: '0',
      });
      expect(current.output).toContain('Cannot reach the database');
      expect(current.output).not.toContain('not supported');
    },
  );

  it('a port in use: the listen error is the first thing said (the e-mail worker starts only once listening)', {
    timeout: 120_000,
  }, async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const result = await runToExit({
        DATABASE: 'embedded',
        DATA_DIR: tempDir(),
        MIGRATE_ON_START: 'True',
        PORT: String(port),
        LOG_LEVEL: 'info',
      });
      expect(result.code).toBe(1);
      const alarms = result.output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.level >= 40);
      expect(alarms.map((line) => line.msg)).toEqual([
        expect.stringMatching(/^Start-up failed: .*EADDRINUSE/),
      ]);
    } finally {
      taken.close();
    }
  });

  it('a bad LOG_LEVEL stops start-up, naming it', async () => {
    const result = await runToExit({ DATABASE: 'embedded', DATA_DIR: tempDir(), LOG_LEVEL: 'verbose' });
    expect(result.code).toBe(1);
    // The line is JSON: the value's quotes come escaped.
    expect(result.output).toContain(
      'Invalid setting LOG_LEVEL: expected fatal, error, warn, info, debug, trace or silent, got \\"verbose\\"',
    );
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

    it('FIRST_SUPERUSER_PASSWORD ignored (changed since): said once per start, by the primary, not by each worker', async () => {
      const database = await createTestDatabase(server.toString(), 'superuser');
      try {
        const first = await startServerProcess({ DATABASE_URL: database.url });
        await first.stop();
        const cluster = await startServerProcess({
          DATABASE_URL: database.url,
          WEB_CONCURRENCY: '2',
          FIRST_SUPERUSER_PASSWORD: 'changed-since-2',
          LOG_LEVEL: 'info',
        });
        await eventually(
          () => (cluster.output().includes('all 2 workers serving') ? true : undefined),
          60_000,
        );
        await cluster.stop();
        expect(cluster.output().split('FIRST_SUPERUSER_PASSWORD is ignored').length - 1).toBe(1);
        // One start-up summary, from the primary, each fact once (in its message, not again as fields).
        const summaries = cluster
          .output()
          .split('\n')
          .filter((l) => l.includes('serving http'))
          .map((l) => JSON.parse(l));
        expect(summaries).toEqual([
          {
            level: 30,
            time: expect.any(Number),
            pid: expect.any(Number),
            hostname: expect.any(String),
            workerPids: [expect.any(Number), expect.any(Number)],
            msg: expect.stringMatching(
              /^all 2 workers serving http:\/\/127\.0\.0\.1:\d+ .*; database postgres /,
            ),
          },
        ]);
      } finally {
        await database.drop();
      }
    });

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
