// npm run seed:big — many users and items, fast (docs/benchmarks.md): set-based inserts in one transaction,
// VACUUM ANALYZE, then every counter checked against count(*). Running it again adds more.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../server/auth/security.ts';
import { type Database, openDatabase } from '../../server/db/index.ts';

export const SEED_DOMAIN = 'bench.example.com';
export const BIG_OWNER = `seed-1@${SEED_DOMAIN}`;
export const DEFAULT_SEED_PASSWORD = 'seed-password-8472';
const CHUNK = 50_000;

export interface SeedOptions {
  users: number;
  items: number;
  password: string;
  log?: (line: string) => void;
}

/** What the load runs statements on: the database or its transaction. */
type Executor = Pick<Database, 'execute'>;

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

async function scalar(db: Executor, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}

export async function seedBig(db: Database, options: SeedOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const hashed = await hashPassword(options.password);
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  // One transaction, so every statement runs on one connection (the temporary table is per session)
  // and a failed load leaves nothing behind.
  await db.transaction(async (tx) => insertRows(tx, options, hashed, log, elapsed));
  await db.execute(sql`VACUUM ANALYZE users`);
  await db.execute(sql`VACUUM ANALYZE items`);
  await db.execute(sql`VACUUM ANALYZE counters`);
  // Write the load out now rather than during whatever runs next.
  await db.execute(sql`CHECKPOINT`);
  log(`  vacuumed, analysed, checkpointed (${elapsed()})`);
  await verifyCounters(db);
  log(`  counters verified exact (${elapsed()})`);
}

async function insertRows(
  db: Executor,
  options: SeedOptions,
  hashed: string,
  log: (line: string) => void,
  elapsed: () => string,
): Promise<void> {
  const like = `seed-%@${SEED_DOMAIN}`;
  const existingUsers = await scalar(db, sql`SELECT count(*) AS n FROM users WHERE email LIKE ${like}`);
  if (options.users > 0) {
    // Newest first in the users list: seed-1 is the oldest; timestamps a minute apart, in the past.
    await db.execute(sql`
      INSERT INTO users (email, hashed_password, full_name, is_active, is_email_confirmed, created_at)
      SELECT 'seed-' || g || '@' || ${SEED_DOMAIN}, ${hashed}, 'Seed User ' || g, true, true,
             timestamptz '2026-01-01 00:00:00+00' + make_interval(mins => g)
      FROM generate_series(${existingUsers + 1}::int, ${existingUsers + options.users}::int) AS g`);
    log(`  ${options.users} users inserted (${elapsed()})`);
  }
  const seeded = existingUsers + options.users;
  if (seeded === 0) throw new Error('no seeded users to own the items');

  if (options.items > 0) {
    // Owner numbers, so each item finds its owner with a hash join instead of a subquery per row.
    await db.execute(sql`
      CREATE TEMP TABLE seed_owners ON COMMIT DROP AS
      SELECT substring(email FROM '^seed-([0-9]+)@')::int AS n, id FROM users WHERE email LIKE ${like}`);
    const existingItems = await scalar(
      db,
      sql`SELECT count(*) AS n FROM items WHERE owner_id IN (SELECT id FROM seed_owners)`,
    );
    // Every other item is the big owner's; each a second older than the last, so repeated runs append.
    // In statements of CHUNK rows: the server's pool gives up on a query after 5 s.

    for (let from = existingItems + 1; from <= existingItems + options.items; from += CHUNK) {
      const to = Math.min(from + CHUNK - 1, existingItems + options.items);
      await db.execute(sql`
        INSERT INTO items (title, description, sku, owner_id, created_at)
        SELECT 'Item ' || g, 'Seeded item number ' || g, 'SKU-' || lpad(g::text, 8, '0'), o.id,
               timestamptz '2026-11-01 00:00:00+00' - make_interval(secs => g)
        FROM generate_series(${from}::int, ${to}::int) AS g
        JOIN seed_owners o
          ON o.n = CASE WHEN ${seeded}::int = 1 OR g % 2 = 0 THEN 1 ELSE 2 + (g / 2) % (${seeded}::int - 1) END`);
    }
    log(`  ${options.items} items inserted (${elapsed()})`);
  }
}

/** Throws unless every counter equals the count(*) it stands for. */
export async function verifyCounters(db: Database): Promise<{ users: number; items: number }> {
  const users = await scalar(db, sql`SELECT count(*) AS n FROM users`);
  const items = await scalar(db, sql`SELECT count(*) AS n FROM items`);
  const counted = await rows<{ key: string; n: number | string }>(
    db,
    sql`SELECT key, sum(n) AS n FROM counters WHERE key IN ('users', 'items') GROUP BY key`,
  );
  const counter = (key: string) => Number(counted.find((row) => row.key === key)?.n ?? 0);
  if (counter('users') !== users) throw new Error(`users: count(*) ${users}, counter ${counter('users')}`);
  if (counter('items') !== items) throw new Error(`items: count(*) ${items}, counter ${counter('items')}`);
  const wrong = await scalar(
    db,
    sql`SELECT count(*) AS n
        FROM (SELECT 'items:' || owner_id::text AS key, count(*) AS n FROM items GROUP BY owner_id) actual
        FULL JOIN (SELECT key, sum(n) AS n FROM counters WHERE key LIKE 'items:%' GROUP BY key HAVING sum(n) <> 0) kept
          USING (key)
        WHERE actual.n IS DISTINCT FROM kept.n`,
  );
  if (wrong > 0) throw new Error(`${wrong} per-owner item counters differ from count(*)`);
  return { users, items };
}

async function cli() {
  const url = process.env.DATABASE_URL;
  const dataDir = process.env.DATA_DIR;
  if (!url && !dataDir) throw new Error('set DATABASE_URL (or DATA_DIR for the embedded database)');
  const count = (name: string, fallback: number) => {
    const raw = process.env[name];
    const value = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
    return value;
  };
  const options: SeedOptions = {
    users: count('SEED_USERS', 10_000),
    items: count('SEED_ITEMS', 1_000_000),
    password: process.env.SEED_PASSWORD || DEFAULT_SEED_PASSWORD,
    log: (line) => process.stdout.write(`${line}\n`),
  };
  const database = await openDatabase(url ? { url } : { dataDir: path.join(dataDir as string, 'pglite') });
  try {
    process.stdout.write(
      `seeding ${options.users} users and ${options.items} items into ${database.driver} (migrations applied)\n`,
    );
    await seedBig(database.db, options);
    const totals = await verifyCounters(database.db);
    process.stdout.write(
      `done: ${totals.users} users, ${totals.items} items; seeded users' password: ${options.password}; ` +
        `big owner: ${BIG_OWNER}\n`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  cli().catch((error) => {
    process.stderr.write(`seed:big failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
