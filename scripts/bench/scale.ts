// npm run bench:scale — list latency as the data grows: first page and skip=100,000 of the items list
// (as the owner of half the items, and as superuser) and of the users list (superuser), at 10k, 100k
// and 1M items with 10k users, on PostgreSQL and on the embedded PGlite. Requests go one at a time;
// the budget is p95 ≤ 20 ms, `count` included (and checked exact).
//
// Settings: BENCH_SCALE_SIZES (10000,100000,1000000), BENCH_SCALE_BACKENDS (postgres,pglite),
// BENCH_SCALE_REQUESTS (100 per case and round, after 20 unmeasured), BENCH_SCALE_ROUNDS (3: the cases
// take turns, and the median of the rounds' p50 and p95 is printed), BENCH_ADMIN_URL. Exits 1 over budget.
import path from 'node:path';
import { openDatabase } from '../../server/db/index.ts';
import {
  API,
  createBenchDatabase,
  fixed,
  loadLine,
  log,
  login,
  machineLine,
  median,
  numberEnv,
  percentile,
  runMain,
  sequential,
  serverEnv,
  startServer,
  table,
  tempDir,
  verdict,
} from './lib.ts';
import { BIG_OWNER, DEFAULT_SEED_PASSWORD, seedBig } from './seed-big.ts';

const USERS = 10_000;
const DEEP = 100_000;
const LIMIT = 100;
const P95_BUDGET = 20;
const REQUESTS = Math.round(numberEnv('BENCH_SCALE_REQUESTS', 100));
const ROUNDS = Math.round(numberEnv('BENCH_SCALE_ROUNDS', 3));
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const BACKENDS = (process.env.BENCH_SCALE_BACKENDS ?? 'postgres,pglite').split(',') as Array<
  'postgres' | 'pglite'
>;

interface Case {
  name: string;
  who: 'owner' | 'superuser';
  path: string;
  /** The exact `count` expected at `items` items. */
  count: (items: number) => number;
  rows: (items: number) => number;
}

const pageRows = (total: number, skip: number) => Math.max(0, Math.min(LIMIT, total - skip));

const CASES: Case[] = [
  {
    name: 'items, owner, first page',
    who: 'owner',
    path: `${API}/items/?skip=0&limit=${LIMIT}`,
    count: (n) => ownerItems(n),
    rows: (n) => pageRows(ownerItems(n), 0),
  },
  {
    name: `items, owner, skip=${DEEP}`,
    who: 'owner',
    path: `${API}/items/?skip=${DEEP}&limit=${LIMIT}`,
    count: (n) => ownerItems(n),
    rows: (n) => pageRows(ownerItems(n), DEEP),
  },
  {
    name: 'items, superuser, first page',
    who: 'superuser',
    path: `${API}/items/?skip=0&limit=${LIMIT}`,
    count: (n) => n,
    rows: (n) => pageRows(n, 0),
  },
  {
    name: `items, superuser, skip=${DEEP}`,
    who: 'superuser',
    path: `${API}/items/?skip=${DEEP}&limit=${LIMIT}`,
    count: (n) => n,
    rows: (n) => pageRows(n, DEEP),
  },
  {
    name: 'users, superuser, first page',
    who: 'superuser',
    path: `${API}/users/?skip=0&limit=${LIMIT}`,
    count: () => USERS + 1,
    rows: () => pageRows(USERS + 1, 0),
  },
  {
    name: `users, superuser, skip=${DEEP}`,
    who: 'superuser',
    path: `${API}/users/?skip=${DEEP}&limit=${LIMIT}`,
    count: () => USERS + 1,
    rows: () => pageRows(USERS + 1, DEEP),
  },
];

/** seed-big gives the big owner every even-numbered item: ⌊n/2⌋ of n. */
function ownerItems(items: number): number {
  return Math.floor(items / 2);
}

type Figures = Record<string, Record<number, { p50: number; p95: number }>>;

async function benchBackend(backend: 'postgres' | 'pglite'): Promise<Figures> {
  const figures: Figures = {};
  let url: string | undefined;
  let dataDir: string | undefined;
  if (backend === 'postgres') url = (await createBenchDatabase('scale')).url;
  else dataDir = path.join(tempDir('bench-scale-pglite-'), 'data');

  // One superuser password for every start: the first start creates the account.
  const settings = serverEnv(
    url ? { DATABASE_URL: url, DATA_DIR: tempDir('bench-scale-') } : { DATA_DIR: dataDir as string },
  );
  let seeded = 0;
  for (const size of SIZES) {
    // The server is stopped while seeding: PGlite allows one process at a time.
    const database = await openDatabase(url ? { url } : { dataDir: path.join(dataDir as string, 'pglite') });
    try {
      log(`  ${backend}: seeding to ${size.toLocaleString('en')} items`);
      await seedBig(database.db, {
        users: seeded === 0 ? USERS : 0,
        items: size - seeded,
        password: DEFAULT_SEED_PASSWORD,
        log: (line) => log(`  ${line}`),
      });
    } finally {
      await database.close();
    }
    seeded = size;

    const server = await startServer(
      `API server (${backend})`,
      'server/main.ts',
      settings.env,
      `${API}/utils/health-check/`,
    );
    const tokens = {
      owner: await login(server.base, BIG_OWNER, DEFAULT_SEED_PASSWORD),
      superuser: await login(server.base, settings.superuser.email, settings.superuser.password),
    };
    const perRound: Record<string, Array<{ p50: number; p95: number }>> = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of CASES) {
        const latencies = await sequential(
          server.base + c.path,
          { authorization: `Bearer ${tokens[c.who]}` },
          REQUESTS,
          round === 0 ? 20 : 0,
          (body) => {
            const page = body as { data: unknown[]; count: number };
            if (page.count !== c.count(size) || page.data.length !== c.rows(size)) {
              throw new Error(
                `${c.name} at ${size}: got count ${page.count} and ${page.data.length} rows, ` +
                  `expected ${c.count(size)} and ${c.rows(size)}`,
              );
            }
          },
        );
        perRound[c.name] ??= [];
        perRound[c.name]?.push({ p50: percentile(latencies, 50), p95: percentile(latencies, 95) });
      }
    }
    for (const c of CASES) {
      const rounds = perRound[c.name] ?? [];
      figures[c.name] ??= {};
      (figures[c.name] as Record<number, { p50: number; p95: number }>)[size] = {
        p50: median(rounds.map((r) => r.p50)),
        p95: median(rounds.map((r) => r.p95)),
      };
    }
    await server.stop();
  }
  return figures;
}

async function main(): Promise<boolean> {
  log(machineLine());
  log(
    `bench:scale — ${ROUNDS} round(s) of ${REQUESTS} sequential requests per case, limit=${LIMIT}, ${USERS} users\n`,
  );
  let ok = true;
  const all: Partial<Record<'postgres' | 'pglite', Figures>> = {};
  for (const backend of BACKENDS) all[backend] = await benchBackend(backend);

  for (const backend of BACKENDS) {
    const figures = all[backend] as Figures;
    const rows = CASES.map((c) => {
      const cells = SIZES.map((size) => figures[c.name]?.[size]);
      const pass = cells.every((cell) => cell !== undefined && cell.p95 <= P95_BUDGET);
      ok &&= pass;
      return [
        c.name,
        ...cells.map((cell) => (cell ? `${fixed(cell.p50)} / ${fixed(cell.p95)}` : 'n/a')),
        verdict(pass),
      ];
    });
    log(`\n${backend === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}: p50 / p95 in ms, count included`);
    log(
      table(
        [
          'list',
          ...SIZES.map((size) => `${size.toLocaleString('en')} items`),
          `budget (p95 ≤ ${P95_BUDGET} ms)`,
        ],
        rows,
      ),
    );
  }
  log(`\n${loadLine()}`);
  log(ok ? 'All budgets met.' : 'Some budgets were NOT met (see above).');
  return ok;
}

runMain(main);
