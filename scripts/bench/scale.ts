// npm run bench:scale — list latency at 10k, 100k and 1M items on PostgreSQL and PGlite
// (docs/benchmarks.md). Exits 1 over budget.
import path from 'node:path';
import { openDatabase } from '../../server/db/index.ts';
import {
  API,
  bearer,
  createBenchDatabase,
  fixed,
  log,
  login,
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

/** seed-big gives the big owner every even-numbered item: ⌊n/2⌋ of n. */
const LISTS = [
  { list: 'items', who: 'owner', total: (items: number) => Math.floor(items / 2) },
  { list: 'items', who: 'superuser', total: (items: number) => items },
  { list: 'users', who: 'superuser', total: () => USERS + 1 },
] as const;

/** Each list's first page and its page at skip=DEEP. */
const CASES: Case[] = LISTS.flatMap(({ list, who, total }) =>
  [0, DEEP].map((skip) => ({
    name: `${list}, ${who}, ${skip === 0 ? 'first page' : `skip=${skip}`}`,
    who,
    path: `${API}/${list}/?skip=${skip}&limit=${LIMIT}`,
    count: total,
    rows: (items: number) => Math.max(0, Math.min(LIMIT, total(items) - skip)),
  })),
);

interface Figure {
  p50: number;
  p95: number;
}
/** Each case's figures by size. */
type Figures = Map<Case, Record<number, Figure>>;

async function benchBackend(backend: 'postgres' | 'pglite'): Promise<Figures> {
  const figures: Figures = new Map();
  const url = backend === 'postgres' ? (await createBenchDatabase('scale')).url : undefined;
  const dataDir = url ? tempDir('bench-scale-') : path.join(tempDir('bench-scale-pglite-'), 'data');
  // One superuser password for every start: the first start creates the account.
  const settings = serverEnv(url ? { DATABASE_URL: url, DATA_DIR: dataDir } : { DATA_DIR: dataDir });
  let seeded = 0;
  for (const size of SIZES) {
    // The server is stopped while seeding: PGlite allows one process at a time.
    const database = await openDatabase(url ? { url } : { dataDir: path.join(dataDir, 'pglite') });
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

    const server = await startServer(`API server (${backend})`, settings.env);
    const tokens = {
      owner: await login(server.base, BIG_OWNER, DEFAULT_SEED_PASSWORD),
      superuser: await login(server.base, settings.superuser.email, settings.superuser.password),
    };
    const perRound = new Map(CASES.map((c) => [c, [] as Figure[]]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of CASES) {
        const latencies = await sequential(
          server.base + c.path,
          bearer(tokens[c.who]),
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
        perRound.get(c)?.push({ p50: percentile(latencies, 50), p95: percentile(latencies, 95) });
      }
    }
    for (const [c, rounds] of perRound) {
      const figure = { p50: median(rounds.map((r) => r.p50)), p95: median(rounds.map((r) => r.p95)) };
      figures.set(c, { ...figures.get(c), [size]: figure });
    }
    await server.stop();
  }
  return figures;
}

async function main(): Promise<boolean> {
  log(
    `bench:scale — ${ROUNDS} round(s) of ${REQUESTS} sequential requests per case, limit=${LIMIT}, ${USERS} users\n`,
  );
  let ok = true;
  const all: Partial<Record<'postgres' | 'pglite', Figures>> = {};
  for (const backend of BACKENDS) all[backend] = await benchBackend(backend);

  for (const backend of BACKENDS) {
    const figures = all[backend] as Figures;
    const rows = CASES.map((c) => {
      const cells = SIZES.map((size) => figures.get(c)?.[size]);
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
  return ok;
}

runMain(main);
