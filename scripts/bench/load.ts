// npm run bench:load — a mixed workload on the real server process (PostgreSQL, production settings):
// logins, list pages, item create/read/update/delete, at 64 connections for 60 s. Prints requests,
// errors, timeouts, p50/p99 latency and the server's RSS; exits 1 on any error, timeout or non-2xx.
//
// Settings (environment): BENCH_SECONDS (60), BENCH_CONNECTIONS (64), BENCH_USERS (16),
// BENCH_ADMIN_URL (the PostgreSQL server the fresh bench database is created on). Loopback only.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import {
  API,
  bearer,
  call,
  createBenchDatabase,
  fixed,
  log,
  login,
  machineLine,
  numberEnv,
  rssMb,
  runMain,
  serverEnv,
  startServer,
  tempDir,
} from './lib.ts';

const SECONDS = numberEnv('BENCH_SECONDS', 60);
const CONNECTIONS = Math.round(numberEnv('BENCH_CONNECTIONS', 64));
const USERS = Math.round(numberEnv('BENCH_USERS', 16));
const TIMEOUT_SECONDS = 10;

interface BenchUser {
  email: string;
  password: string;
  token: string;
}
interface Context {
  user?: BenchUser;
  itemId?: string;
}
interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}
interface Step {
  method: Request['method'];
  path: string;
  setupRequest(request: Request, context: Context): Request;
  onResponse?(status: number, body: string, context: Context): void;
}

/** One connection's cycle: 1 login in 10 requests, the rest reads and writes of its own items. */
function workload(users: BenchUser[]): Step[] {
  let next = 0;
  const authed = (request: Request, context: Context, extra: Partial<Request> = {}): Request => {
    context.user ??= users[next++ % users.length];
    return {
      ...request,
      ...extra,
      headers: { ...request.headers, ...extra.headers, ...bearer(context.user?.token ?? '') },
    };
  };
  const json = { 'content-type': 'application/json' };
  const get = (path: string): Step => ({ method: 'GET', path, setupRequest: (r, c) => authed(r, c) });
  const onItem = (method: Step['method'], extra: Partial<Request> = {}): Step => ({
    method,
    path: `${API}/items/`,
    setupRequest: (r, c) => authed(r, c, { path: `${API}/items/${c.itemId}`, ...extra }),
  });
  return [
    {
      method: 'POST',
      path: `${API}/items/`,
      setupRequest: (r, c) =>
        authed(r, c, {
          headers: json,
          body: JSON.stringify({ title: `load ${randomBytes(4).toString('hex')}`, description: 'bench' }),
        }),
      onResponse: (status, body, c) => {
        c.itemId = status === 200 ? (JSON.parse(body) as { id: string }).id : undefined;
      },
    },
    get(`${API}/items/?skip=0&limit=20`),
    onItem('PUT', { headers: json, body: JSON.stringify({ title: 'updated', sku: 'SKU-1' }) }),
    onItem('GET'),
    get(`${API}/items/?skip=20&limit=20`),
    get(`${API}/users/me`),
    {
      method: 'POST',
      path: `${API}/login/access-token`,
      setupRequest: (r, c) => {
        const user = authed(r, c) && (c.user as BenchUser);
        return {
          ...r,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username: user.email, password: user.password }).toString(),
        };
      },
    },
    get(`${API}/items/?skip=0&limit=100`),
    onItem('DELETE'),
    { method: 'GET', path: `${API}/utils/health-check/`, setupRequest: (r) => r },
  ];
}

async function main() {
  log(machineLine());
  log(
    `bench:load — ${CONNECTIONS} connections for ${SECONDS} s, ${USERS} users, PostgreSQL, NODE_ENV=production`,
  );
  const database = await createBenchDatabase('load');
  const { env } = serverEnv({ DATABASE_URL: database.url, DATA_DIR: tempDir('bench-load-') });
  const server = await startServer('api', env);

  const users: BenchUser[] = [];
  for (let i = 0; i < USERS; i++) {
    const email = `load-${i}-${randomBytes(3).toString('hex')}@bench.example.com`;
    const password = `pw-${randomBytes(9).toString('base64url')}`;
    await call(server.base, 'POST', `${API}/users/signup`, null, { email, password, full_name: `Load ${i}` });
    users.push({ email, password, token: await login(server.base, email, password) });
  }
  for (const user of users) {
    for (let i = 0; i < 25; i++)
      await call(server.base, 'POST', `${API}/items/`, user.token, { title: `seed ${i}` });
  }

  const rssStart = rssMb(server.pid);
  let rssPeak = rssStart;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(server.pid));
  }, 1_000);
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: TIMEOUT_SECONDS,
    requests: workload(users),
  });
  clearInterval(sampler);
  const rssEnd = rssMb(server.pid);
  rssPeak = Math.max(rssPeak, rssEnd);

  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}: ${count}`)
    .join(', ');
  log(
    `requests ${result.requests.total} in ${result.duration} s (${fixed(result.requests.average, 0)}/s); statuses ${statuses}`,
  );
  log(`errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`);
  log(`latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  log(`server RSS: start ${fixed(rssStart)} MB, end ${fixed(rssEnd)} MB, peak ${fixed(rssPeak)} MB`);
  const ok = result.errors === 0 && result.timeouts === 0 && result.non2xx === 0 && result.requests.total > 0;
  log(ok ? 'bench:load ok' : 'bench:load FAILED: errors, timeouts or non-2xx answers');
  if (!ok) log(server.output().slice(-2_000));
  return ok;
}

runMain(main);
