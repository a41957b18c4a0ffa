// Real processes for the fault tests: the API server as `node --import tsx server/main.ts` (the sources
// of what `npm start` compiles and runs, without npm in between so signals reach the server itself; the
// compiled dist/server/main.js is started in tests/deploy), and a throwaway
// PostgreSQL cluster that a test may stop and start without touching the machine's main cluster.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The API server process

export interface ServerProcess {
  pid: number;
  base: string;
  /** Everything the process wrote (the last `outputLimit` characters, 4 MB unless said: enough to count lines at info level). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after 10 s; resolves when the process is gone. */
  stop(): Promise<void>;
}

/** tsx's loader by its path, so that a server started in another folder (`cwd`, with its own .env) finds it. */
const TSX = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

export async function startServerProcess(
  env: Record<string, string>,
  options: { cwd?: string; outputLimit?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', options.cwd ? TSX : 'tsx', path.join(ROOT, 'server', 'main.ts')],
    {
      cwd: options.cwd ?? ROOT,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/tmp',
        NODE_ENV: 'production',
        SECRET_KEY: randomBytes(32).toString('hex'),
        FIRST_SUPERUSER: 'admin@example.com',
        FIRST_SUPERUSER_PASSWORD: 'admin-password-1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_ENABLED: 'false',
        SERVE_STATECHARTS: 'false',
        // Production drains for 5 s at SIGTERM (readiness 503 first); a test that stops its server does
        // not wait for a load balancer. tests/faults/drain.test.ts sets its own.
        SHUTDOWN_DRAIN_SECONDS: '0',
        // Production asks for its database by name; these tests migrate on start as a laptop does.
        ...(env.DATABASE_URL ? { MIGRATE_ON_START: 'True' } : { DATABASE: 'embedded' }),
        ...env,
        HOST: '127.0.0.1',
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-(options.outputLimit ?? 4_000_000));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  if (child.pid === undefined) throw new Error('the server process did not start');
  const handle: ServerProcess = {
    pid: child.pid,
    base,
    output: () => log,
    exited,
    isRunning: () => running,
    kill: (signal) => {
      if (running) child.kill(signal);
    },
    async stop() {
      if (!running) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (!running) throw new Error(`the server exited during start-up:\n${log}`);
    try {
      const response = await fetch(`${base}/api/v1/utils/health-check/`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.ok) return handle;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await handle.stop();
  throw new Error(`the server did not become ready within 60 s:\n${log}`);
}

/** The worker processes of a cluster's primary (WEB_CONCURRENCY > 1), by pid. */
export function clusterWorkers(primaryPid: number): number[] {
  const commandLine = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return ''; // gone since pgrep listed it
    }
  };
  let children: string;
  try {
    children = execFileSync('pgrep', ['-P', String(primaryPid)]).toString();
  } catch {
    return []; // pgrep exits 1 when there are none
  }
  return (
    children
      .trim()
      .split('\n')
      .map(Number)
      // tsx's esbuild service is a child of the primary too; a worker runs the server's own script.
      .filter((pid) => pid > 0 && commandLine(pid).includes('main.ts'))
  );
}

// ---------------------------------------------------------------------------------------------------
// A throwaway PostgreSQL cluster

/** The newest PostgreSQL server binaries on this machine (Debian's layout), or null. */
export function postgresBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

export interface PgCluster {
  port: number;
  url(database?: string): string;
  start(): Promise<void>;
  /** `immediate` is a crash as far as clients can tell: every connection is cut at once. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** SIGSTOP / SIGCONT to the postmaster and its backends: a server that hangs without closing anything. */
  freeze(): void;
  thaw(): void;
  destroy(): void;
}

/**
 * initdb into a temporary folder, listening on a free port on 127.0.0.1 only, trust authentication.
 * initdb refuses to run as root: as root the cluster belongs to the `postgres` user.
 */
export async function createPgCluster(binDir: string): Promise<PgCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'starter-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  const command = (bin: string, args: string[]): [string, string[]] => {
    const file = path.join(binDir, bin);
    return asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  };
  const runSync = (bin: string, args: string[]) =>
    execFileSync(...command(bin, args), { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 }).toString();
  // Asynchronous, so that the test's own requests keep flowing while PostgreSQL stops or starts.
  const run = (bin: string, args: string[]) =>
    new Promise<string>((resolve, reject) =>
      execFile(...command(bin, args), { timeout: 60_000 }, (error, stdout, stderr) =>
        error ? reject(new Error(`${bin} failed: ${error.message}\n${stdout}${stderr}`)) : resolve(stdout),
      ),
    );
  const clusterPids = (): number[] => {
    const postmaster = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let children: number[] = [];
    try {
      children = execFileSync('pgrep', ['-P', String(postmaster)])
        .toString()
        .trim()
        .split('\n')
        .map(Number);
    } catch {
      // no children
    }
    return [postmaster, ...children.filter((pid) => pid > 0)];
  };
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`;
  const cluster: PgCluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await run('pg_ctl', [
        '-D',
        data,
        '-o',
        options,
        '-l',
        path.join(dir, 'log'),
        '-w',
        '-t',
        '60',
        'start',
      ]);
    },
    async stop(mode = 'immediate') {
      await run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    freeze() {
      for (const pid of clusterPids()) process.kill(pid, 'SIGSTOP');
    },
    thaw() {
      for (const pid of clusterPids()) process.kill(pid, 'SIGCONT');
    },
    destroy() {
      try {
        for (const pid of clusterPids()) process.kill(pid, 'SIGCONT');
      } catch {
        // not running
      }
      try {
        if (existsSync(path.join(data, 'postmaster.pid')))
          runSync('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

// ---------------------------------------------------------------------------------------------------
// A fresh database on the PostgreSQL server of TEST_DATABASE_URL, for tests that share it between processes

export async function createTestDatabase(
  serverUrl: string,
  prefix = 'test',
): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
