// Shared pieces of the benches; everything a bench starts or creates is cleaned up, also on failure and Ctrl-C.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Options as CannonOptions } from 'autocannon';
import pg from 'pg';
import { freePort, ROOT } from '../../tests/support/processes.ts';

export { ROOT };
export const API = '/api/v1';

export function numberEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** The PostgreSQL server that bench databases are created on (any database of it, for admin work). */
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// Clean-up

const cleanups: Array<() => Promise<void> | void> = [];
function onCleanup(fn: () => Promise<void> | void) {
  cleanups.push(fn);
}

async function cleanUp() {
  while (cleanups.length > 0) {
    const fn = cleanups.pop();
    try {
      await fn?.();
    } catch (error) {
      process.stderr.write(`clean-up step failed: ${String(error)}\n`);
    }
  }
}

/** Runs a bench's main function, says whether every budget was met, then cleans up, also on failure and signals. */
export function runMain(main: () => Promise<boolean>) {
  log(machineLine());
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await cleanUp();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(130));
  process.on('SIGTERM', () => void stop(143));
  main().then(
    (ok) => {
      log(`\n${loadLine()}\n${ok ? 'All budgets met.' : 'Some budgets were NOT met (see above).'}`);
      return stop(ok ? 0 : 1);
    },
    (error) => {
      const cause = error instanceof Error && error.cause ? `\ncaused by: ${String(error.cause)}` : '';
      process.stderr.write(
        `\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : error}${cause}\n`,
      );
      void stop(1);
    },
  );
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// Databases

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, empty `bench_*` database, dropped at clean-up. */
export async function createBenchDatabase(tag: string): Promise<{ name: string; url: string }> {
  const name = `bench_${tag}_${process.pid}`;
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  onCleanup(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

// Child servers

export interface Child {
  pid: number;
  base: string;
  /** The last lines the process wrote, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `entry` in its own Node process with tsx's loader; ready when its health check answers. */
export async function startServer(
  name: string,
  env: Record<string, string>,
  entry = 'server/main.ts',
): Promise<Child> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS: extra Node options for the servers, e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, entry)], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-8_000);
    });
  const exit = once(child, 'exit');
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (exited()) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
    await exit;
    clearTimeout(timer);
  };
  onCleanup(stop);
  if (child.pid === undefined) throw new Error(`${name} did not start`);
  const handle: Child = { pid: child.pid, base, output: () => log, stop };

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`${name} exited during start-up:\n${log}`);
    try {
      const response = await fetch(`${base}${API}/utils/health-check/`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.ok) return handle;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error(`${name} did not become ready within 90 s:\n${log}`);
}

/** The production-like settings the API server runs with in every bench. */
export function serverEnv(extra: Record<string, string>): {
  env: Record<string, string>;
  superuser: { email: string; password: string };
  secret: string;
} {
  const secret = randomBytes(32).toString('base64url');
  const superuser = { email: 'admin@bench.example.com', password: randomBytes(12).toString('base64url') };
  return {
    secret,
    superuser,
    env: {
      NODE_ENV: 'production',
      SECRET_KEY: secret,
      FIRST_SUPERUSER: superuser.email,
      FIRST_SUPERUSER_PASSWORD: superuser.password,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ENABLED: 'false',
      ...(extra.DATABASE_URL ? { MIGRATE_ON_START: 'True' } : { DATABASE: 'embedded' }),
      ...extra,
    },
  };
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

const TICK_US = 1e6 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** The CPU time (user + system, µs, all threads) of `root` and every process under it, from /proc. */
export function treeCpu(root: number, into = new Map<number, number>()): Map<number, number> {
  try {
    const stat = readFileSync(`/proc/${root}/stat`, 'utf8');
    // After the command name (in parentheses, which may hold spaces): state, ppid, … utime, stime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    into.set(root, (Number(fields[11]) + Number(fields[12])) * TICK_US);
    // Children are listed per thread: esbuild's service (tsx) is started from a worker thread.
    for (const task of readdirSync(`/proc/${root}/task`)) {
      const children = readFileSync(`/proc/${root}/task/${task}/children`, 'utf8').split(' ');
      for (const child of children.filter(Boolean)) treeCpu(Number(child), into);
    }
  } catch {
    // exited meanwhile
  }
  return into;
}

/** Each process's CPU time (µs) since `before` was taken; a process started since counts whole. */
export function cpuSince(before: Map<number, number>, root: number): Map<number, number> {
  const after = treeCpu(root);
  return new Map([...after].map(([pid, us]) => [pid, us - (before.get(pid) ?? 0)]));
}

export const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

// HTTP helpers

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A JSON call; a URLSearchParams body is sent as a form (fetch sets its content type). */
export async function call<T>(
  base: string,
  method: string,
  pathname: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const form = body instanceof URLSearchParams;
  const response = await fetch(base + pathname, {
    method,
    headers: {
      ...(token ? bearer(token) : {}),
      ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
    },
    body: form ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const form = new URLSearchParams({ username: email, password });
  return (await call<{ access_token: string }>(base, 'POST', `${API}/login/access-token`, null, form))
    .access_token;
}

// Load and statistics

export interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's CPU time per 2xx answer, µs (NaN when not measured). */
  cpu: number;
  /** Each server process's share of that CPU time, %. */
  shares: number[];
}

/** One autocannon run: 2xx requests/s, latency percentiles, errors, and with `server` its CPU time per answer. */
export async function cannon(options: CannonOptions, server?: number): Promise<Measure> {
  const before = server === undefined ? undefined : treeCpu(server);
  const result = await autocannon({ timeout: 10, ...options });
  const used = before && server !== undefined ? [...cpuSince(before, server).values()] : [];
  const total = sum(used);
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpu: before ? total / result['2xx'] : Number.NaN,
    shares: used.map((us) => (100 * us) / total),
  };
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Nearest-rank percentile of unsorted values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** Medians per field of several measures (errors are summed: one error in any round counts). */
export function medianMeasure(measures: Measure[]): Measure {
  return {
    rps: median(measures.map((m) => m.rps)),
    p50: median(measures.map((m) => m.p50)),
    p99: median(measures.map((m) => m.p99)),
    errors: sum(measures.map((m) => m.errors)),
    cpu: median(measures.map((m) => m.cpu)),
    shares: [],
  };
}

/** Open-loop load at a fixed rate: latency counts from when a request was due (no coordinated omission). */
export async function openLoop(
  url: string,
  headers: Record<string, string>,
  rate: number,
  seconds: number,
): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const request = (async () => {
      try {
        const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - due);
        else errors++;
      } catch {
        errors++;
      }
    })();
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  }
  await Promise.all(inFlight);
  return { latencies, errors };
}

/** `count` requests one after another (after `warmup` unmeasured ones); latencies in ms. */
export async function sequential(
  url: string,
  headers: Record<string, string>,
  count: number,
  warmup: number,
  check?: (body: unknown) => void,
): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < warmup + count; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
    const body: unknown = await response.json();
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body)}`);
    if (i === 0) check?.(body);
    if (i >= warmup) latencies.push(elapsed);
  }
  return latencies;
}

// Output

export function table(headers: string[], rows: Array<Array<string | number>>): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(headers), rule, ...cells.slice(1).map(line)].join('\n');
}

export const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
export const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');

function machineLine(): string {
  const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  return `machine: ${cpus().length} CPU (${cpus()[0]?.model.trim() ?? 'unknown'}), ${gib(totalmem())} RAM (${gib(freemem())} free), node ${process.version}; ${loadLine()}`;
}

/** Other work on the machine skews every figure: print the load average with them. */
function loadLine(): string {
  return `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;
}

export function log(message: string) {
  process.stdout.write(`${message}\n`);
}
