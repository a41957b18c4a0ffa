// Build once, run anywhere: the repository with dist/ built, copied to a temporary folder, production
// dependencies only (`npm ci --omit=dev`: no Vite, no tsx), migrated with `npm run db:migrate`, started
// with `npm start` and with the plain `node dist/server/main.js` the README names. Each answers the
// health and readiness checks, serves /login and logs a user in. On PostgreSQL (TEST_DATABASE_URL) the
// server gets its database through the template's POSTGRES_* settings and ENVIRONMENT=production.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, freePort, ROOT } from '../support/processes.ts';

const NOT_COPIED = new Set([
  'node_modules',
  '.git',
  'test-results',
  'playwright-report',
  'data',
  'coverage',
  '.tmp',
]);
const serverUrl = process.env.TEST_DATABASE_URL || undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function run(command: string, args: string[], cwd: string, env: Record<string, string>): Run {
  // Its own process group: `npm start` is npm with the server below it, and both must stop.
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function stop(server: Run) {
  if (server.child.exitCode !== null || server.child.pid === undefined) return;
  process.kill(-server.child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (server.child.pid !== undefined) process.kill(-server.child.pid, 'SIGKILL');
  }, 10_000);
  await server.exited;
  clearTimeout(timer);
}

async function waitForHealth(base: string, server: Run) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    try {
      const res = await fetch(`${base}/api/v1/utils/health-check/`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`the server did not answer within 60 s:\n${server.output()}`);
}

describe('the built app, copied with production dependencies only', () => {
  let copy: string;
  let dropDatabase: () => Promise<void> = async () => {};
  const superuser = { email: 'admin@example.com', password: randomBytes(12).toString('base64url') };
  let env: Record<string, string>;
  let distStamp: number;

  beforeAll(async () => {
    // What `npm start` does first: build only what is missing or stale.
    const build = spawnSync(process.execPath, ['scripts/start.mjs', 'build'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(build.status, build.stdout + build.stderr).toBe(0);

    copy = mkdtempSync(path.join(tmpdir(), 'starter-deploy-'));
    cpSync(ROOT, copy, {
      recursive: true,
      filter: (source) => !NOT_COPIED.has(path.basename(source)) || path.dirname(source) !== ROOT,
    });
    const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: copy,
      encoding: 'utf8',
    });
    expect(install.status, install.stdout + install.stderr).toBe(0);
    distStamp = statSync(path.join(copy, 'dist', 'server', 'main.js')).mtimeMs;

    env = {
      ENVIRONMENT: 'production',
      SECRET_KEY: randomBytes(32).toString('hex'),
      FIRST_SUPERUSER: superuser.email,
      FIRST_SUPERUSER_PASSWORD: superuser.password,
      DATA_DIR: path.join(copy, 'data'),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    };
    if (serverUrl) {
      const database = await createTestDatabase(serverUrl, 'deploy');
      dropDatabase = database.drop;
      const url = new URL(database.url);
      Object.assign(env, {
        POSTGRES_SERVER: url.hostname,
        POSTGRES_PORT: url.port || '5432',
        POSTGRES_USER: decodeURIComponent(url.username),
        POSTGRES_PASSWORD: decodeURIComponent(url.password),
        POSTGRES_DB: url.pathname.slice(1),
      });
    } else {
      Object.assign(env, { DATABASE: 'embedded', MIGRATE_ON_START: 'False' });
    }
  }, 600_000);

  afterAll(async () => {
    await dropDatabase();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('holds what the server loads: no build tools, no SPA libraries, no Sentry SDK unless asked for', () => {
    const absent = ['vite', 'tsx', 'vitest', '@playwright/test', 'typescript', 'react', 'react-dom'];
    absent.push(
      '@chakra-ui/react',
      'lucide-react',
      'elkjs',
      'xstate',
      '@sentry/node-core',
      '@opentelemetry/core',
    );
    for (const dev of absent) expect(existsSync(path.join(copy, 'node_modules', dev)), dev).toBe(false);
    const du = spawnSync('du', ['-sm', path.join(copy, 'node_modules')], { encoding: 'utf8' });
    const megabytes = Number(du.stdout.split('\t')[0]);
    console.log(`production install (npm ci --omit=dev): node_modules ${megabytes} MB`);
    expect(megabytes).toBeLessThan(200);
  });

  it('with SENTRY_DSN set but the SDK left out, refuses to start and says how to add it', async () => {
    const server = run(process.execPath, ['dist/server/main.js'], copy, {
      ...env,
      PORT: String(await freePort()),
      SENTRY_DSN: 'http://public@127.0.0.1:9/1',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid setting SENTRY_DSN');
    expect(server.output()).toContain('npm install --omit=dev --no-save @sentry/node-core@10');
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it('refuses to serve a database whose schema is behind, naming the command', async () => {
    const server = run(process.execPath, ['dist/server/main.js'], copy, {
      ...env,
      PORT: String(await freePort()),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('npm run db:migrate');
    expect(server.output()).toContain('0000_initial');
  });

  it('migrates with `npm run db:migrate`, logging each migration; a second run finds nothing to do', async () => {
    const runs = serverUrl
      ? // Two at once on PostgreSQL: the advisory lock lets one migrate while the other waits.
        [run('npm', ['run', 'db:migrate'], copy, env), run('npm', ['run', 'db:migrate'], copy, env)]
      : [run('npm', ['run', 'db:migrate'], copy, env)];
    const codes = await Promise.all(runs.map((r) => r.exited));
    expect(
      codes.every((code) => code === 0),
      runs.map((r) => r.output()).join('\n'),
    ).toBe(true);
    const all = runs.map((r) => r.output()).join('\n');
    expect(all.match(/applying migration 0000_initial/g)?.length).toBe(1);
    expect(all).toContain('database schema up to date');
    const again = run('npm', ['run', 'db:migrate'], copy, env);
    expect(await again.exited).toBe(0);
    expect(again.output()).not.toContain('applying migration');
  });

  it.skipIf(!serverUrl)(
    `\`npm start\` with WEB_CONCURRENCY=2: the workers, a replaced one too, run dist/server/main.js itself${serverUrl ? '' : ' [SKIPPED: needs TEST_DATABASE_URL]'}`,
    async () => {
      const port = await freePort();
      const server = run('npm', ['start'], copy, { ...env, PORT: String(port), WEB_CONCURRENCY: '2' });
      const group = () => {
        const listed = spawnSync('pgrep', ['-g', String(server.child.pid)], { encoding: 'utf8' });
        return listed.stdout
          .split('\n')
          .map(Number)
          .filter((pid) => pid > 0)
          .map((pid) => {
            try {
              return { pid, command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ') };
            } catch {
              return { pid, command: '' }; // gone since pgrep listed it
            }
          });
      };
      const workers = () => group().filter((p) => /dist\/server\/main\.js/.test(p.command));
      const starts = () => group().filter((p) => p.command.includes('scripts/start.mjs'));
      try {
        await waitForHealth(`http://127.0.0.1:${port}`, server);
        const deadline = Date.now() + 30_000;
        while (workers().length < 2 && Date.now() < deadline) await sleep(100);
        // Killing a worker that has not served yet would read as a start-up failure, which stops the service
        // on purpose (server/cluster.ts): replace only a worker that was serving.
        while (!server.output().includes('all 2 workers serving') && Date.now() < deadline) await sleep(100);
        expect(server.output()).toContain('all 2 workers serving');
        const before = workers();
        expect(before).toHaveLength(2);
        // Only the primary runs start.mjs (and `npm start`'s shell, which names it).
        expect(
          starts().filter((p) => p.command.startsWith('node') || p.command.includes('/node ')).length,
        ).toBe(1);
        process.kill(before[0]?.pid ?? 0, 'SIGKILL');
        while (Date.now() < deadline + 30_000) {
          const now = workers();
          if (now.length === 2 && !now.some((p) => p.pid === before[0]?.pid)) break;
          await sleep(100);
        }
        const after = workers();
        expect(after.map((p) => p.pid)).not.toContain(before[0]?.pid);
        expect(after).toHaveLength(2);
        expect(
          starts().filter((p) => p.command.startsWith('node') || p.command.includes('/node ')).length,
        ).toBe(1);
      } finally {
        await stop(server);
      }
    },
  );

  it('SIGTERM to `npm start` itself (a container command) stops the server, after its drain', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = run('npm', ['start'], copy, { ...env, PORT: String(port), SHUTDOWN_DRAIN_SECONDS: '1' });
    const group = () =>
      spawnSync('pgrep', ['-g', String(server.child.pid)], { encoding: 'utf8' })
        .stdout.split('\n')
        .map(Number)
        .filter((pid) => pid > 0);
    try {
      await waitForHealth(base, server);
      // npm's pid only, not its group: what a container runtime signals.
      process.kill(server.child.pid ?? 0, 'SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
      const deadline = Date.now() + 5_000;
      while (group().length > 0 && Date.now() < deadline) await sleep(100);
      expect(group()).toEqual([]);
      await expect(fetch(`${base}/api/v1/utils/health-check/`)).rejects.toThrow();
    } finally {
      await stop(server);
      for (const pid of group()) process.kill(pid, 'SIGKILL');
    }
  });

  for (const [how, command, args] of [
    ['npm start', 'npm', ['start']],
    ['node dist/server/main.js', process.execPath, ['dist/server/main.js']],
  ] as const) {
    it(`serves with \`${how}\` at once: health, readiness, /login, a login`, async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const started = Date.now();
      const server = run(command, [...args], copy, { ...env, PORT: String(port) });
      try {
        await waitForHealth(base, server);
        const startMs = Date.now() - started;
        expect(server.output()).not.toContain('build:');
        expect(statSync(path.join(copy, 'dist', 'server', 'main.js')).mtimeMs).toBe(distStamp);
        expect(server.output()).toMatch(/serving http:\/\/127\.0\.0\.1:\d+ .*database (postgres|pglite)/);

        const ready = await fetch(`${base}/api/v1/utils/readiness/`);
        expect(ready.status).toBe(200);

        const login = await fetch(`${base}/login`);
        expect(login.status).toBe(200);
        expect(login.headers.get('content-type')).toContain('text/html');
        const html = await login.text();
        const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
        expect(script, html).toBeDefined();
        const bundle = await fetch(`${base}${script}`);
        expect(bundle.status).toBe(200);
        // React's production build: its development build names itself in its warnings.
        expect(await bundle.text()).not.toContain('react-dom.development');

        const token = await fetch(`${base}/api/v1/login/access-token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username: superuser.email, password: superuser.password }),
        });
        expect(token.status).toBe(200);
        const { access_token } = (await token.json()) as { access_token: string };
        const me = await fetch(`${base}/api/v1/users/me`, {
          headers: { authorization: `Bearer ${access_token}` },
        });
        expect(me.status).toBe(200);
        expect(((await me.json()) as { email: string }).email).toBe(superuser.email);
        process.stdout.write(
          `deploy copy: \`${how}\` answered its health check ${startMs} ms after launch\n`,
        );
      } finally {
        await stop(server);
      }
    });
  }
});
