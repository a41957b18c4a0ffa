// npm run bench:api — the API server against its floor, a login storm, a mixed workload, workers, memory
// and PGlite (docs/benchmarks.md). Exits 1 when a budget is not met.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  API,
  bearer,
  type Child,
  call,
  cannon,
  cpuSince,
  createBenchDatabase,
  fixed,
  log,
  login,
  type Measure,
  median,
  medianMeasure,
  numberEnv,
  openLoop,
  percentile,
  rssMb,
  runMain,
  serverEnv,
  startServer,
  sum,
  table,
  tempDir,
  treeCpu,
  verdict,
} from './lib.ts';

const SECONDS = numberEnv('BENCH_SECONDS', 20);
const WARMUP = numberEnv('BENCH_WARMUP', Math.min(5, Math.max(1, Math.round(SECONDS / 4))));
const ROUNDS = Math.round(numberEnv('BENCH_ROUNDS', 3));
const CONNECTIONS = Math.round(numberEnv('BENCH_CONNECTIONS', 32));
const STORM_RATE = numberEnv('BENCH_STORM_RATE', 200);
const WORKERS = Math.round(numberEnv('BENCH_WORKERS', Math.max(2, cpus().length)));
const LOGINS_PER_SECOND = 20;
const PARTS = new Set((process.env.BENCH_PARTS ?? 'floor,storm,mixed,workers,pglite').split(','));
const SEED_ITEMS = 1_000;
const MIXED = { connections: 64, users: 16, items: 25 };

const BUDGET = { readRatio: 0.6, p99: 25, stormFactor: 2, rssMb: 250 };
/** Printed, not enforced: on a machine shared with other work the ratio varies by ±0.3 from round to round. */
const GOAL = { workersCpu: 1.1 };

interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/items/?skip=0&limit=5' },
  { method: 'GET', path: '/users/me' },
  {
    method: 'POST',
    path: '/items/',
    body: JSON.stringify({ title: 'bench item', description: 'created by bench:api' }),
  },
];
const READS = ENDPOINTS.filter((endpoint) => endpoint.method === 'GET');
const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** Warm-up, then the measured run (with the server's CPU time). */
async function measure(endpoint: Endpoint, server: Child, token: string): Promise<Measure> {
  const options = {
    url: `${server.base}${API}${endpoint.path}`,
    method: endpoint.method,
    headers: endpoint.body ? { ...bearer(token), 'content-type': 'application/json' } : bearer(token),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    connections: CONNECTIONS,
  };
  await cannon({ ...options, duration: WARMUP });
  return cannon({ ...options, duration: SECONDS }, server.pid);
}

/** A measure's cells in a table, and their headings: req/s, p50, p99, errors, CPU µs per request. */
const cells = (m: Measure) => [fixed(m.rps, 0), m.p50, m.p99, m.errors, fixed(m.cpu, 0)];
const heads = (name: string) => [`${name} req/s`, 'p50', 'p99', 'errors', 'CPU µs/req'];

/** The 1-minute load average when a part started and now: other work on the machine skews req/s. */
const loadSince = (start: number) => `load average ${fixed(start, 2)} → ${fixed(loadavg()[0] ?? 0, 2)}`;

interface Account {
  email: string;
  password: string;
  token: string;
}

/** A normal user with `items` items, made through the API (works on either database). */
async function seedAccount(base: string, adminToken: string, name: string, items: number): Promise<Account> {
  const email = `${name}@bench.example.com`;
  const password = randomBytes(12).toString('base64url');
  await call(base, 'POST', `${API}/users/`, adminToken, { email, password, full_name: name });
  const token = await login(base, email, password);
  let next = 0;
  const worker = async () => {
    while (next < items) {
      const i = next++;
      await call(base, 'POST', `${API}/items/`, token, { title: `Item ${i}`, description: `seed ${i}` });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const page = await call<{ count: number }>(base, 'GET', `${API}/items/?limit=5`, token);
  if (page.count !== items) throw new Error(`expected ${items} items, the API counts ${page.count}`);
  return { email, password, token };
}

async function stormTest(server: Child, account: Account): Promise<boolean> {
  log(`\n  login storm: GET /users/me at ${STORM_RATE}/s, idle vs. with ${LOGINS_PER_SECOND} logins/s`);
  const meUrl = `${server.base}${API}/users/me`;
  const headers = bearer(account.token);
  const idle: number[] = [];
  const storm: number[] = [];
  let errors = 0;
  let logins = 0;
  let loginP50 = Number.NaN;
  await openLoop(meUrl, headers, STORM_RATE, WARMUP);
  for (let round = 0; round < ROUNDS; round++) {
    const quiet = await openLoop(meUrl, headers, STORM_RATE, SECONDS);
    const [busy, logged] = await Promise.all([
      openLoop(meUrl, headers, STORM_RATE, SECONDS),
      cannon({
        url: `${server.base}${API}/login/access-token`,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: account.email, password: account.password }).toString(),
        connections: 10,
        overallRate: LOGINS_PER_SECOND,
        duration: SECONDS,
      }),
    ]);
    idle.push(percentile(quiet.latencies, 99));
    storm.push(percentile(busy.latencies, 99));
    errors += quiet.errors + busy.errors + logged.errors;
    logins += logged.rps;
    loginP50 = logged.p50;
  }
  const idleP99 = median(idle);
  const stormP99 = median(storm);
  const ok = stormP99 <= BUDGET.stormFactor * idleP99 && errors === 0;
  const heading = `Login storm (open loop, GET /users/me at ${STORM_RATE} req/s; median of ${ROUNDS}; ms)`;
  const columns = ['GET /users/me p99 idle', 'p99 during storm', 'storm/idle', 'logins/s', 'login p50'];
  const row = [
    fixed(idleP99, 2),
    fixed(stormP99, 2),
    fixed(stormP99 / idleP99, 2),
    fixed(logins / ROUNDS, 1),
  ];
  log(
    `\n${heading}\n${table([...columns, 'errors', 'budget (≤ 2×)'], [[...row, loginP50, errors, verdict(ok)]])}`,
  );
  return ok;
}

type Server = { label: string; child: Child };

/** Every endpoint measured ROUNDS times on two servers, alternating who goes first; medians per endpoint. */
async function alternatingRounds(
  servers: [Server, Server],
  token: string,
  ratio: (first: Measure, second: Measure) => number,
) {
  const pairs = ENDPOINTS.map(() => [] as Measure[][]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, endpoint] of ENDPOINTS.entries()) {
      const got: Measure[] = [];
      for (const who of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const server = servers[who] as Server;
        const m = await measure(endpoint, server.child, token);
        const shares =
          m.shares.length > 1 ? ` (by process: ${m.shares.map((p) => fixed(p, 0)).join('/')} %)` : '';
        log(
          `  round ${round + 1}/${ROUNDS}: ${label(endpoint)} on ${server.label}: ${fixed(m.rps, 0)} req/s, ${m.errors} errors, ${fixed(m.cpu, 0)} µs CPU/req${shares}`,
        );
        got[who] = m;
      }
      pairs[i]?.push(got);
    }
  }
  return ENDPOINTS.map((endpoint, i) => {
    const measured = pairs[i] as Array<[Measure, Measure]>;
    return {
      endpoint,
      first: medianMeasure(measured.map(([first]) => first)),
      second: medianMeasure(measured.map(([, second]) => second)),
      ratio: median(measured.map(([first, second]) => ratio(first, second))),
    };
  });
}

async function floorComparison(ours: Child, account: Account, databaseUrl: string, secret: string) {
  const load = loadavg()[0] ?? 0;
  const floorEnv = { DATABASE_URL: databaseUrl, SECRET_KEY: secret };
  const floor = await startServer('floor server', floorEnv, 'scripts/bench/floor-server.ts');
  const floorPage = await call<{ count: number }>(floor.base, 'GET', `${API}/items/?limit=5`, account.token);
  if (floorPage.count !== SEED_ITEMS) throw new Error(`floor counts ${floorPage.count} items`);
  const servers: [Server, Server] = [
    { label: 'ours', child: ours },
    { label: 'floor', child: floor },
  ];
  const results = await alternatingRounds(servers, account.token, (o, f) => o.rps / f.rps);
  await floor.stop();

  let ok = true;
  const rows = results.map(({ endpoint, first: o, second: f, ratio }) => {
    const read = endpoint.method === 'GET';
    const pass = (!read || ratio >= BUDGET.readRatio) && o.p99 <= BUDGET.p99 && o.errors === 0;
    ok &&= pass;
    return [label(endpoint), ...cells(o), ...cells(f), fixed(ratio, 2), verdict(pass)];
  });
  const budget = `budget (reads ≥ ${BUDGET.readRatio}, p99 ≤ ${BUDGET.p99}, 0 errors)`;
  log(`\nAPI server vs floor on PostgreSQL (median of ${ROUNDS}; latency in ms; ${loadSince(load)})`);
  log(table(['endpoint', ...heads('ours'), ...heads('floor'), 'ours/floor req/s', budget], rows));
  return { ok, reads: results.filter(({ endpoint }) => endpoint.method === 'GET').map(({ first }) => first) };
}

/** Until the cluster's workers have started: the first has answered and the tree idles (< 5 % of a core). */
async function workersStarted(primary: number, count: number) {
  for (let waited = 0; waited < 90; waited++) {
    const before = treeCpu(primary);
    await sleep(1_000);
    const used = cpuSince(before, primary);
    if (used.size > count && sum(used.values()) < 50_000) return;
  }
  throw new Error(`the ${count} workers did not start within 90 s`);
}

/**
 * The same endpoints on one process and on a WEB_CONCURRENCY cluster, with their CPU time per request:
 * unlike req/s it does not depend on free cores. Any error fails the part.
 */
async function workersComparison(single: Child, env: Record<string, string>, account: Account) {
  const load = loadavg()[0] ?? 0;
  const name = `${WORKERS} workers`;
  const cluster = await startServer(`API server (PostgreSQL, WEB_CONCURRENCY=${WORKERS})`, {
    ...env,
    WEB_CONCURRENCY: String(WORKERS),
  });
  await workersStarted(cluster.pid, WORKERS);
  // Each worker gets 1/N of the requests, so its JIT warms N times slower: one unmeasured pass first.
  for (const endpoint of ENDPOINTS) await measure(endpoint, cluster, account.token);
  const servers: [Server, Server] = [
    { label: '1 process', child: single },
    { label: name, child: cluster },
  ];
  const results = await alternatingRounds(servers, account.token, (one, many) => many.cpu / one.cpu);
  await cluster.stop();
  let ok = true;
  const rows = results.map(({ endpoint, first: one, second: many, ratio }) => {
    ok &&= one.errors + many.errors === 0;
    const figures = [one.rps, one.cpu, many.rps, many.cpu].map((n) => fixed(n, 0));
    return [label(endpoint), ...figures, fixed(ratio, 2), ratio <= GOAL.workersCpu ? 'ok' : 'over'];
  });
  log(
    `\nServer CPU time per request, 1 process vs WEB_CONCURRENCY=${WORKERS} on PostgreSQL (median of ${ROUNDS}; ${cpus().length} cores; ${loadSince(load)})`,
  );
  const columns = ['1 process req/s', 'CPU µs/req', `${name} req/s`, 'CPU µs/req', `CPU/req ${WORKERS}/1`];
  log(table(['endpoint', ...columns, `goal (≤ ${GOAL.workersCpu})`], rows));
  return ok;
}

/** A connection's cycle of the mixed workload: an item's create, read, update, delete, lists, /users/me, a login. */
function mixedWorkload(users: Account[]): unknown[] {
  const steps: Array<[string, string, string?]> = [
    ['POST', '/items/', JSON.stringify({ title: 'mixed', description: 'bench' })],
    ['GET', '/items/?skip=0&limit=20'],
    ['PUT', '/items/:item', JSON.stringify({ title: 'updated', sku: 'SKU-1' })],
    ['GET', '/items/:item'],
    ['GET', '/items/?skip=20&limit=20'],
    ['GET', '/users/me'],
    ['POST', '/login/access-token'],
    ['GET', '/items/?skip=0&limit=100'],
    ['DELETE', '/items/:item'],
    ['GET', '/utils/health-check/'],
  ];
  interface Context {
    user?: Account;
    item?: string;
  }
  let next = 0;
  return steps.map(([method, pathname, body]) => ({
    method,
    path: `${API}${pathname}`,
    setupRequest: (request: { headers?: Record<string, string> }, context: Context) => {
      context.user ??= users[next++ % users.length] as Account;
      const user = context.user;
      const target = `${API}${pathname.replace(':item', context.item ?? '')}`;
      if (pathname === '/login/access-token') {
        const form = new URLSearchParams({ username: user.email, password: user.password }).toString();
        const headers = { ...request.headers, 'content-type': 'application/x-www-form-urlencoded' };
        return { ...request, path: target, headers, body: form };
      }
      const json = body ? { 'content-type': 'application/json' } : {};
      return {
        ...request,
        path: target,
        headers: { ...request.headers, ...json, ...bearer(user.token) },
        body,
      };
    },
    onResponse: (status: number, text: string, context: Context) => {
      if (method === 'POST' && pathname === '/items/')
        context.item = status === 200 ? (JSON.parse(text) as { id: string }).id : undefined;
    },
  }));
}

/** The mixed workload at 64 connections: every answer must be a 2xx (no error, no timeout). */
async function mixedTest(server: Child, adminToken: string): Promise<boolean> {
  const load = loadavg()[0] ?? 0;
  log(`\n  mixed workload: ${MIXED.connections} connections, ${MIXED.users} users`);
  const users = await Promise.all(
    Array.from({ length: MIXED.users }, (_, i) =>
      seedAccount(server.base, adminToken, `mixed-${i}`, MIXED.items),
    ),
  );
  let rssPeak = rssMb(server.pid);
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(server.pid));
  }, 1_000);
  const options = { url: server.base, connections: MIXED.connections, requests: mixedWorkload(users) };
  await cannon({ ...options, duration: WARMUP });
  const m = await cannon({ ...options, duration: SECONDS }, server.pid);
  clearInterval(sampler);
  const ok = m.errors === 0 && m.rps > 0;
  log(`\nMixed workload (${SECONDS} s, ${MIXED.connections} connections; latency in ms; ${loadSince(load)})`);
  log(
    table(
      [...heads('mixed'), 'RSS peak MB', 'budget (0 errors)'],
      [[...cells(m), fixed(rssPeak, 0), verdict(ok)]],
    ),
  );
  if (!ok) log(server.output().slice(-2_000));
  return ok;
}

async function embeddedReads(postgresReads: Measure[] | undefined) {
  const embedded = serverEnv({ DATA_DIR: path.join(tempDir('bench-api-pglite-'), 'data') });
  const pglite = await startServer('API server (PGlite)', embedded.env);
  const adminToken = await login(pglite.base, embedded.superuser.email, embedded.superuser.password);
  const account = await seedAccount(pglite.base, adminToken, 'bench-user', SEED_ITEMS);
  const reads: Measure[][] = READS.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, endpoint] of READS.entries()) {
      log(`  round ${round + 1}/${ROUNDS}: ${label(endpoint)} on PGlite`);
      reads[i]?.push(await measure(endpoint, pglite, account.token));
    }
  }
  const rss = rssMb(pglite.pid);
  await pglite.stop();
  log(`\nReads on PostgreSQL vs embedded PGlite (median of ${ROUNDS}; ms)`);
  const rows = READS.map((endpoint, i) => {
    const p = postgresReads?.[i];
    return [
      label(endpoint),
      ...(p ? cells(p) : ['n/a', 'n/a', 'n/a']).slice(0, 3),
      ...cells(medianMeasure(reads[i] ?? [])),
    ];
  });
  log(table(['endpoint', ...heads('PostgreSQL').slice(0, 3), ...heads('PGlite')], rows));
  log(`PGlite server RSS after the load runs: ${fixed(rss, 0)} MB (not budgeted)`);
}

async function main(): Promise<boolean> {
  log(
    `bench:api — ${ROUNDS} round(s) of ${SECONDS} s after ${WARMUP} s warm-up, ${CONNECTIONS} connections\n`,
  );
  let ok = true;

  // PostgreSQL: the API server and the floor on one fresh database, measured alternately.
  const database = await createBenchDatabase('api');
  const { env, superuser, secret } = serverEnv({
    DATABASE_URL: database.url,
    DATA_DIR: tempDir('bench-api-'),
  });
  const ours = await startServer('API server (PostgreSQL)', env);
  const adminToken = await login(ours.base, superuser.email, superuser.password);
  const account = await seedAccount(ours.base, adminToken, 'bench-user', SEED_ITEMS);
  log(`  API server RSS after start-up and seeding: ${fixed(rssMb(ours.pid), 0)} MB`);
  let postgresReads: Measure[] | undefined;
  if (PARTS.has('floor')) {
    const compared = await floorComparison(ours, account, database.url, secret);
    ok &&= compared.ok;
    postgresReads = compared.reads;
    log(`  API server RSS after the floor comparison: ${fixed(rssMb(ours.pid), 0)} MB`);
  }
  if (PARTS.has('storm')) ok = (await stormTest(ours, account)) && ok;
  if (PARTS.has('workers')) ok = (await workersComparison(ours, env, account)) && ok;

  const rss = rssMb(ours.pid);
  const rssOk = rss < BUDGET.rssMb;
  ok &&= rssOk;
  log(
    `\nAPI server RSS after the load runs: ${fixed(rss, 0)} MB (budget < ${BUDGET.rssMb} MB: ${verdict(rssOk)})`,
  );
  // After the RSS budget, which is about the runs above (bench:load ran this in a server of its own).
  if (PARTS.has('mixed')) ok = (await mixedTest(ours, adminToken)) && ok;
  await ours.stop();

  // Embedded PGlite: the same reads, printed beside PostgreSQL.
  if (PARTS.has('pglite')) await embeddedReads(postgresReads);
  return ok;
}

runMain(main);
