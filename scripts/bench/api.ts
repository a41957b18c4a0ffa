// npm run bench:api — the API server against its floor, under a login storm, its memory, and the same
// reads on the embedded database. Settings and budgets: docs/benchmarks.md. Exits 1 when a budget is not met.

import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  API,
  bearer,
  type Child,
  call,
  cannon,
  createBenchDatabase,
  fixed,
  loadLine,
  log,
  login,
  type Measure,
  machineLine,
  median,
  medianMeasure,
  numberEnv,
  openLoop,
  percentile,
  rssMb,
  runMain,
  serverEnv,
  startServer,
  table,
  tempDir,
  verdict,
} from './lib.ts';

const SECONDS = numberEnv('BENCH_SECONDS', 20);
const WARMUP = numberEnv('BENCH_WARMUP', Math.min(5, Math.max(1, Math.round(SECONDS / 4))));
const ROUNDS = Math.round(numberEnv('BENCH_ROUNDS', 3));
const CONNECTIONS = Math.round(numberEnv('BENCH_CONNECTIONS', 32));
const STORM_RATE = numberEnv('BENCH_STORM_RATE', 200);
const LOGINS_PER_SECOND = 20;
const PARTS = new Set((process.env.BENCH_PARTS ?? 'floor,storm,scale,pglite').split(','));
const SEED_ITEMS = 1_000;

const BUDGET = { readRatio: 0.6, p99: 25, stormFactor: 2, rssMb: 250 };

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

/** Warm-up, then the measured run. */
async function measure(endpoint: Endpoint, base: string, token: string): Promise<Measure> {
  const options = {
    url: `${base}${API}${endpoint.path}`,
    method: endpoint.method,
    headers: endpoint.body ? { ...bearer(token), 'content-type': 'application/json' } : bearer(token),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    connections: CONNECTIONS,
  };
  await cannon({ ...options, duration: WARMUP });
  return cannon({ ...options, duration: SECONDS });
}

/** A measure's cells in a table, and their headings: req/s, p50, p99, errors. */
const cells = (m: Measure) => [fixed(m.rps, 0), m.p50, m.p99, m.errors];
const heads = (name: string) => [`${name} req/s`, 'p50', 'p99', 'errors'];

interface Account {
  email: string;
  password: string;
  token: string;
}

/** A normal user with SEED_ITEMS items, made through the API (works on either database). */
async function seedAccount(server: Child, superuser: { email: string; password: string }): Promise<Account> {
  const adminToken = await login(server.base, superuser.email, superuser.password);
  const email = 'bench-user@bench.example.com';
  const password = randomBytes(12).toString('base64url');
  await call(server.base, 'POST', `${API}/users/`, adminToken, { email, password, full_name: 'Bench User' });
  const token = await login(server.base, email, password);
  let next = 0;
  const worker = async () => {
    while (next < SEED_ITEMS) {
      const i = next++;
      await call(server.base, 'POST', `${API}/items/`, token, {
        title: `Item ${i}`,
        description: `seed ${i}`,
      });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const page = await call<{ count: number }>(server.base, 'GET', `${API}/items/?limit=5`, token);
  if (page.count !== SEED_ITEMS)
    throw new Error(`expected ${SEED_ITEMS} items, the API counts ${page.count}`);
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

interface Server {
  label: string;
  base: string;
}

/**
 * Every endpoint measured ROUNDS times on each of two servers, who goes first alternating by round so
 * that drift over a run favours neither. Per endpoint: the median measures of each and of the ratios of
 * their req/s, first / second.
 */
async function alternatingRounds(servers: [Server, Server], token: string) {
  const pairs = ENDPOINTS.map(() => [] as Measure[][]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, endpoint] of ENDPOINTS.entries()) {
      const got: Measure[] = [];
      for (const who of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const server = servers[who] as Server;
        log(`  round ${round + 1}/${ROUNDS}: ${label(endpoint)} on ${server.label}`);
        got[who] = await measure(endpoint, server.base, token);
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
      ratio: median(measured.map(([first, second]) => first.rps / second.rps)),
    };
  });
}

async function floorComparison(ours: Child, account: Account, databaseUrl: string, secret: string) {
  const floorEnv = { DATABASE_URL: databaseUrl, SECRET_KEY: secret };
  const floor = await startServer('floor server', floorEnv, 'scripts/bench/floor-server.ts');
  const floorPage = await call<{ count: number }>(floor.base, 'GET', `${API}/items/?limit=5`, account.token);
  if (floorPage.count !== SEED_ITEMS) throw new Error(`floor counts ${floorPage.count} items`);
  const servers: [Server, Server] = [
    { label: 'ours', base: ours.base },
    { label: 'floor', base: floor.base },
  ];
  const results = await alternatingRounds(servers, account.token);
  await floor.stop();

  let ok = true;
  const rows = results.map(({ endpoint, first: o, second: f, ratio }) => {
    const read = endpoint.method === 'GET';
    const pass = (!read || ratio >= BUDGET.readRatio) && o.p99 <= BUDGET.p99 && o.errors === 0;
    ok &&= pass;
    return [label(endpoint), ...cells(o), ...cells(f), fixed(ratio, 2), verdict(pass)];
  });
  const budget = `budget (reads ≥ ${BUDGET.readRatio}, p99 ≤ ${BUDGET.p99}, 0 errors)`;
  log(`\nAPI server vs floor on PostgreSQL (median of ${ROUNDS}; latency in ms)`);
  log(table(['endpoint', ...heads('ours'), ...heads('floor'), 'ours/floor', budget], rows));
  return { ok, reads: results.filter(({ endpoint }) => endpoint.method === 'GET').map(({ first }) => first) };
}

/**
 * The same endpoints on one process and on a WEB_CONCURRENCY=2 cluster over the same database, measured
 * alternately. Not budgeted: on a machine of few cores the load generator competes with the workers.
 */
async function scaleComparison(single: Child, env: Record<string, string>, account: Account) {
  const cluster = await startServer('API server (PostgreSQL, WEB_CONCURRENCY=2)', {
    ...env,
    WEB_CONCURRENCY: '2',
  });
  // Ready once one worker answers; the second is a moment behind (not logged at LOG_LEVEL=warn).
  await sleep(5_000);
  // Twice the first, so the ratio reads 2 workers / 1 process.
  const servers: [Server, Server] = [
    { label: '2 workers', base: cluster.base },
    { label: '1 process', base: single.base },
  ];
  const results = await alternatingRounds(servers, account.token);
  await cluster.stop();
  log(
    `\n1 process vs WEB_CONCURRENCY=2 on PostgreSQL (median of ${ROUNDS}; latency in ms; ${cpus().length} cores)`,
  );
  const rows = results.map(({ endpoint, first, second, ratio }) => [
    label(endpoint),
    ...cells(second),
    ...cells(first),
    fixed(ratio, 2),
  ]);
  log(table(['endpoint', ...heads('1 process'), ...heads('2 workers'), '2/1'], rows));
}

async function embeddedReads(postgresReads: Measure[] | undefined) {
  const embedded = serverEnv({ DATA_DIR: path.join(tempDir('bench-api-pglite-'), 'data') });
  const pglite = await startServer('API server (PGlite)', embedded.env);
  const account = await seedAccount(pglite, embedded.superuser);
  const reads: Measure[][] = READS.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, endpoint] of READS.entries()) {
      log(`  round ${round + 1}/${ROUNDS}: ${label(endpoint)} on PGlite`);
      reads[i]?.push(await measure(endpoint, pglite.base, account.token));
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
  log(machineLine());
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
  const account = await seedAccount(ours, superuser);
  log(`  API server RSS after start-up and seeding: ${fixed(rssMb(ours.pid), 0)} MB`);
  let postgresReads: Measure[] | undefined;
  if (PARTS.has('floor')) {
    const compared = await floorComparison(ours, account, database.url, secret);
    ok &&= compared.ok;
    postgresReads = compared.reads;
    log(`  API server RSS after the floor comparison: ${fixed(rssMb(ours.pid), 0)} MB`);
  }
  if (PARTS.has('storm')) ok = (await stormTest(ours, account)) && ok;
  if (PARTS.has('scale')) await scaleComparison(ours, env, account);

  const rss = rssMb(ours.pid);
  const rssOk = rss < BUDGET.rssMb;
  ok &&= rssOk;
  log(
    `\nAPI server RSS after the load runs: ${fixed(rss, 0)} MB (budget < ${BUDGET.rssMb} MB: ${verdict(rssOk)})`,
  );
  await ours.stop();

  // Embedded PGlite: the same reads, printed beside PostgreSQL.
  if (PARTS.has('pglite')) await embeddedReads(postgresReads);
  log(`\n${loadLine()}`);
  log(ok ? 'All budgets met.' : 'Some budgets were NOT met (see above).');
  return ok;
}

runMain(main);
