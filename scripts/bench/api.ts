// npm run bench:api — the API server against its floor, under a login storm, its memory, and the same
// reads on the embedded database. See the Performance section of README.md.
//
// Settings (environment): BENCH_SECONDS (20) per measurement, BENCH_WARMUP (5) seconds before each,
// BENCH_ROUNDS (3) rounds whose medians are printed, BENCH_CONNECTIONS (32), BENCH_STORM_RATE (200)
// requests/s of GET /users/me during the login-storm test, BENCH_PARTS (floor,storm,scale,pglite:
// which parts to run), BENCH_ADMIN_URL (the PostgreSQL server).
// Exits 1 when a budget is not met.
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import path from 'node:path';
import {
  API,
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
  name: string;
  read: boolean;
  options: (base: string, token: string) => Parameters<typeof cannon>[0];
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /items/?skip=0&limit=5',
    read: true,
    options: (base, token) => ({
      url: `${base}${API}/items/?skip=0&limit=5`,
      headers: { authorization: `Bearer ${token}` },
    }),
  },
  {
    name: 'GET /users/me',
    read: true,
    options: (base, token) => ({
      url: `${base}${API}/users/me`,
      headers: { authorization: `Bearer ${token}` },
    }),
  },
  {
    name: 'POST /items/',
    read: false,
    options: (base, token) => ({
      url: `${base}${API}/items/`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'bench item', description: 'created by bench:api' }),
    }),
  },
];

/** Warm-up, then the measured run. */
async function measure(options: Parameters<typeof cannon>[0]): Promise<Measure> {
  await cannon({ ...options, connections: CONNECTIONS, duration: WARMUP });
  return cannon({ ...options, connections: CONNECTIONS, duration: SECONDS });
}

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

async function loginStorm(server: Child, account: Account) {
  const meUrl = `${server.base}${API}/users/me`;
  const headers = { authorization: `Bearer ${account.token}` };
  const idle: number[] = [];
  const storm: number[] = [];
  let stormErrors = 0;
  let logins = 0;
  let loginP50 = Number.NaN;
  await openLoop(meUrl, headers, STORM_RATE, WARMUP);
  for (let round = 0; round < ROUNDS; round++) {
    const quiet = await openLoop(meUrl, headers, STORM_RATE, SECONDS);
    idle.push(percentile(quiet.latencies, 99));
    stormErrors += quiet.errors;
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
    storm.push(percentile(busy.latencies, 99));
    stormErrors += busy.errors + logged.errors;
    logins += logged.rps;
    loginP50 = logged.p50;
  }
  return {
    idleP99: median(idle),
    stormP99: median(storm),
    errors: stormErrors,
    loginsPerSecond: logins / ROUNDS,
    loginP50,
  };
}

/**
 * Every endpoint measured ROUNDS times on each of two servers, who goes first alternating by round so
 * that drift over a run favours neither. Per endpoint: the measures of each and the ratios of their
 * req/s, first / second.
 */
async function alternatingRounds(servers: [Server, Server], token: string) {
  const results = ENDPOINTS.map(() => ({
    first: [] as Measure[],
    second: [] as Measure[],
    ratios: [] as number[],
  }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, endpoint] of ENDPOINTS.entries()) {
      const got: Measure[] = [];
      for (const who of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const server = servers[who] as Server;
        log(`  round ${round + 1}/${ROUNDS}: ${endpoint.name} on ${server.label}`);
        got[who] = await measure(endpoint.options(server.base, token));
      }
      const [first, second] = got;
      const slot = results[i];
      if (slot && first && second) {
        slot.first.push(first);
        slot.second.push(second);
        slot.ratios.push(first.rps / second.rps);
      }
    }
  }
  return results;
}

interface Server {
  label: string;
  base: string;
}

async function floorComparison(ours: Child, account: Account, databaseUrl: string, secret: string) {
  const floor = await startServer(
    'floor server',
    'scripts/bench/floor-server.ts',
    { DATABASE_URL: databaseUrl, SECRET_KEY: secret },
    `${API}/utils/health-check/`,
  );
  const floorPage = await call<{ count: number }>(floor.base, 'GET', `${API}/items/?limit=5`, account.token);
  if (floorPage.count !== SEED_ITEMS) throw new Error(`floor counts ${floorPage.count} items`);

  const results = await alternatingRounds(
    [
      { label: 'ours', base: ours.base },
      { label: 'floor', base: floor.base },
    ],
    account.token,
  );
  await floor.stop();

  let ok = true;
  const rows: Array<Array<string | number>> = [];
  for (const [i, endpoint] of ENDPOINTS.entries()) {
    const slot = results[i];
    if (!slot) continue;
    const o = medianMeasure(slot.first);
    const f = medianMeasure(slot.second);
    const ratio = median(slot.ratios);
    const pass = (!endpoint.read || ratio >= BUDGET.readRatio) && o.p99 <= BUDGET.p99 && o.errors === 0;
    ok &&= pass;
    rows.push([
      endpoint.name,
      fixed(o.rps, 0),
      o.p50,
      o.p99,
      o.errors,
      fixed(f.rps, 0),
      f.p50,
      f.p99,
      f.errors,
      fixed(ratio, 2),
      verdict(pass),
    ]);
  }
  log(`\nAPI server vs floor on PostgreSQL (median of ${ROUNDS}; latency in ms)`);
  log(
    table(
      [
        'endpoint',
        'ours req/s',
        'p50',
        'p99',
        'errors',
        'floor req/s',
        'p50',
        'p99',
        'errors',
        'ours/floor',
        `budget (reads ≥ ${BUDGET.readRatio}, p99 ≤ ${BUDGET.p99}, 0 errors)`,
      ],
      rows,
    ),
  );
  return { ok, reads: results.slice(0, 2).map((slot) => medianMeasure(slot.first)) };
}

async function stormTest(ours: Child, account: Account): Promise<boolean> {
  log(`\n  login storm: GET /users/me at ${STORM_RATE}/s, idle vs. with ${LOGINS_PER_SECOND} logins/s`);
  const storm = await loginStorm(ours, account);
  const ok = storm.stormP99 <= BUDGET.stormFactor * storm.idleP99 && storm.errors === 0;
  log(
    `\nLogin storm (open loop, GET /users/me at ${STORM_RATE} req/s; median of ${ROUNDS}; ms)\n${table(
      [
        'GET /users/me p99 idle',
        'p99 during storm',
        'storm/idle',
        'logins/s',
        'login p50',
        'errors',
        'budget (≤ 2×)',
      ],
      [
        [
          fixed(storm.idleP99, 2),
          fixed(storm.stormP99, 2),
          fixed(storm.stormP99 / storm.idleP99, 2),
          fixed(storm.loginsPerSecond, 1),
          storm.loginP50,
          storm.errors,
          verdict(ok),
        ],
      ],
    )}`,
  );
  return ok;
}

/**
 * The same endpoints on one process and on a WEB_CONCURRENCY=2 cluster over the same database, measured
 * alternately. Not budgeted: on a machine of few cores the load generator competes with the workers.
 */
async function scaleComparison(single: Child, env: Record<string, string>, account: Account) {
  const cluster = await startServer(
    'API server (PostgreSQL, WEB_CONCURRENCY=2)',
    'server/main.ts',
    { ...env, WEB_CONCURRENCY: '2' },
    `${API}/utils/health-check/`,
  );
  // Ready once one worker answers; the second is a moment behind (not logged at LOG_LEVEL=warn).
  await new Promise((r) => setTimeout(r, 5_000));
  // Twice the first, so the ratio reads 2 workers / 1 process.
  const results = await alternatingRounds(
    [
      { label: '2 workers', base: cluster.base },
      { label: '1 process', base: single.base },
    ],
    account.token,
  );
  await cluster.stop();
  log(
    `\n1 process vs WEB_CONCURRENCY=2 on PostgreSQL (median of ${ROUNDS}; latency in ms; ${cpus().length} cores)`,
  );
  log(
    table(
      [
        'endpoint',
        '1 process req/s',
        'p50',
        'p99',
        'errors',
        '2 workers req/s',
        'p50',
        'p99',
        'errors',
        '2/1',
      ],
      ENDPOINTS.map((endpoint, i) => {
        const slot = results[i];
        const o = medianMeasure(slot?.second ?? []);
        const t = medianMeasure(slot?.first ?? []);
        return [
          endpoint.name,
          fixed(o.rps, 0),
          o.p50,
          o.p99,
          o.errors,
          fixed(t.rps, 0),
          t.p50,
          t.p99,
          t.errors,
          fixed(median(slot?.ratios ?? []), 2),
        ];
      }),
    ),
  );
}

async function embeddedReads(postgresReads: Measure[] | undefined) {
  const embedded = serverEnv({ DATA_DIR: path.join(tempDir('bench-api-pglite-'), 'data') });
  const pglite = await startServer(
    'API server (PGlite)',
    'server/main.ts',
    embedded.env,
    `${API}/utils/health-check/`,
  );
  const account = await seedAccount(pglite, embedded.superuser);
  const reads: Measure[][] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, endpoint] of ENDPOINTS.slice(0, 2).entries()) {
      log(`  round ${round + 1}/${ROUNDS}: ${endpoint.name} on PGlite`);
      reads[i]?.push(await measure(endpoint.options(pglite.base, account.token)));
    }
  }
  const rss = rssMb(pglite.pid);
  await pglite.stop();
  log(`\nReads on PostgreSQL vs embedded PGlite (median of ${ROUNDS}; ms)`);
  log(
    table(
      ['endpoint', 'PostgreSQL req/s', 'p50', 'p99', 'PGlite req/s', 'p50', 'p99', 'errors'],
      ENDPOINTS.slice(0, 2).map((endpoint, i) => {
        const p = postgresReads?.[i];
        const e = medianMeasure(reads[i] ?? []);
        return [
          endpoint.name,
          p ? fixed(p.rps, 0) : 'n/a',
          p?.p50 ?? 'n/a',
          p?.p99 ?? 'n/a',
          fixed(e.rps, 0),
          e.p50,
          e.p99,
          e.errors,
        ];
      }),
    ),
  );
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
  const ours = await startServer(
    'API server (PostgreSQL)',
    'server/main.ts',
    env,
    `${API}/utils/health-check/`,
  );
  const account = await seedAccount(ours, superuser);
  log(`  API server RSS after start-up and seeding: ${fixed(rssMb(ours.pid), 0)} MB`);
  let postgresReads: Measure[] | undefined;
  if (PARTS.has('floor')) {
    const compared = await floorComparison(ours, account, database.url, secret);
    ok &&= compared.ok;
    postgresReads = compared.reads;
    log(`  API server RSS after the floor comparison: ${fixed(rssMb(ours.pid), 0)} MB`);
  }
  if (PARTS.has('storm')) {
    const stormOk = await stormTest(ours, account);
    ok &&= stormOk;
  }

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
