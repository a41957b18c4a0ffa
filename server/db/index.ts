import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { causeChain } from './errors.ts';
import { type FolderLock, lockFolder } from './folder-lock.ts';
import { migrationsFolder, pendingMigrations, type Query, SchemaBehindError } from './migrate.ts';
import * as schema from './schema.ts';

export { migrationsFolder };

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: its data directory as a tarball (PGlite's `dumpDataDir`), to open again as `from`. */
  dump?: () => Promise<Blob>;
}

// Any stable 64-bit number: serialises concurrent migrators on one PostgreSQL server.
const MIGRATION_LOCK_ID = 7_310_284_611;

/** A PostgreSQL server or a PGlite folder (as in `Settings.database`), or: */
export type DatabaseTarget =
  | { url: string }
  | { dataDir: string }
  /** An in-memory PGlite; `from`: a data directory dumped earlier (skips initdb, most of a test's start). */
  | { memory: true; from?: Blob };

export interface OpenOptions {
  /** `apply` (default) brings the schema up to date; `check` refuses a schema that is behind. */
  migrations?: 'apply' | 'check';
  /** Connections of the request pool (PostgreSQL). */
  poolSize?: number;
  /** How long to wait for a PostgreSQL server that does not answer yet (0: fail at once). */
  connectWaitSeconds?: number;
  /** The pool's statement and idle-in-transaction timeout (ms, default 4 s), enforced by the server. */
  statementTimeoutMs?: number;
  /** Told what happens: each migration applied (info), each wait for the server (warn). */
  log?: MigrationLog;
}

/** The database could not be reached in time: the message says where and why, without a stack. */
export class DatabaseUnreachableError extends Error {}

type MigrationLog = Pick<Logger, 'info' | 'warn'>;
const SILENT: MigrationLog = { info() {}, warn() {} };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a PostgreSQL URL points, without its password, for messages. */
export function describeUrl(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return 'the PostgreSQL server';
  return `postgresql://${parsed.username ? `${decodeURIComponent(parsed.username)}@` : ''}${parsed.host}${parsed.pathname}`;
}

/** A refusal by a PostgreSQL server that answered, said as such: no such database, or a login refused. */
function refusalOf(url: string, error: unknown): string | undefined {
  const { code, message } = error as { code?: unknown; message: string };
  const where = describeUrl(url);
  const parsed = URL.parse(url);
  const host = parsed?.host ?? where;
  const user = decodeURIComponent(parsed?.username ?? '');
  const name = decodeURIComponent(parsed?.pathname.slice(1) ?? '') || user;
  if (code === '3D000') {
    return `The database "${name}" does not exist on the PostgreSQL server at ${host} (${code}: ${message}): create it (createdb ${name}) or correct DATABASE_URL / POSTGRES_DB`;
  }
  if (code === '28P01' || code === '28000') {
    return `The PostgreSQL server at ${host} refused the login of ${user || 'the default user'} to ${where} (${code}: ${message}): check the user and password in DATABASE_URL / POSTGRES_USER, POSTGRES_PASSWORD, and the server's pg_hba.conf`;
  }
  return undefined;
}

/** A client without query timeout (a migration may rewrite a big table), retried while the server starts. */
async function connectForMigrations(url: string, waitSeconds: number, log: MigrationLog) {
  const deadline = Date.now() + waitSeconds * 1000;
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      // Wrong password or no such database: the server answered, and waiting does not help.
      const refusal = refusalOf(url, error);
      if (refusal) throw new DatabaseUnreachableError(refusal);
      if (Date.now() + delay > deadline) {
        throw new DatabaseUnreachableError(
          `Cannot reach the database at ${describeUrl(url)} (${reason}: ${(error as Error).message})` +
            ` after ${attempt} attempt(s) in ${waitSeconds} s`,
        );
      }
      log.warn(`database at ${describeUrl(url)} not reachable yet (${reason}); retrying in ${delay} ms`);
      await sleep(delay);
      delay = Math.min(delay * 2, 5_000);
    }
  }
}

/** A migration the database refused: its own message and hint, not drizzle's "Failed query" with the SQL. */
export class MigrationFailedError extends Error {}

/** The database's error under drizzle's wrapper: the innermost cause that carries a SQLSTATE. */
function databaseCause(error: unknown): { message: string; hint?: string } | undefined {
  const found = causeChain(error, 4).findLast(
    ({ code, message }) =>
      typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof message === 'string',
  );
  if (!found) return undefined;
  return { message: String(found.message), hint: typeof found.hint === 'string' ? found.hint : undefined };
}

/** Logs the pending migrations and applies them (`apply`), or refuses them (`check`). */
async function bringUpToDate(
  query: Query,
  mode: 'apply' | 'check',
  log: MigrationLog,
  apply: () => Promise<void>,
) {
  const pending = await pendingMigrations(query);
  if (pending.length === 0) return;
  if (mode === 'check') throw new SchemaBehindError(pending);
  const started = Date.now();
  for (const migration of pending) log.info(`applying migration ${migration.name}`);
  // drizzle applies them all in one transaction: either every one or none.
  try {
    await apply();
  } catch (error) {
    const cause = databaseCause(error);
    if (!cause) throw error;
    throw new MigrationFailedError(
      `A migration failed, so none of ${pending.map((m) => m.name).join(', ')} was applied: ${cause.message}` +
        (cause.hint ? `\n${cause.hint}` : ''),
      { cause: error },
    );
  }
  log.info(`applied ${pending.length} migration(s) in ${Date.now() - started} ms`);
}

/** Brings a PostgreSQL database's schema up to date (or checks it), one migrator at a time. */
export async function migratePostgres(
  url: string,
  options: Pick<OpenOptions, 'migrations' | 'connectWaitSeconds' | 'log'> = {},
): Promise<void> {
  const log = options.log ?? SILENT;
  const client = await connectForMigrations(url, options.connectWaitSeconds ?? 0, log);
  try {
    await client.query('SET statement_timeout = 0');
    await client.query('SET lock_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await bringUpToDate(
        (text) => client.query(text),
        options.migrations ?? 'apply',
        log,
        () => migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder }),
      );
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** Opens the database (a PostgreSQL server or embedded PGlite) and brings its schema up to date. */
export async function openDatabase(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const log = options.log ?? SILENT;
  const mode = options.migrations ?? 'apply';
  if ('url' in target) {
    await migratePostgres(target.url, options);
    const statementTimeout = options.statementTimeoutMs ?? 4_000;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      // The server cancels and rolls back, so a 503 means "not done" (docs/reliability.md › Safe retries).
      statement_timeout: statementTimeout,
      idle_in_transaction_session_timeout: statementTimeout,
      // A frozen server must not hold requests forever: the client gives up a second after it would have.
      query_timeout: statementTimeout + 1_000,
    });
    // An idle client that loses its server must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema });
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  // Loaded only here: a server on PostgreSQL does not carry PGlite's modules (~7 MB of RSS).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PGlite;
  let lock: FolderLock | undefined;
  if ('dataDir' in target) {
    lock = lockFolder(target.dataDir, mode === 'apply' ? 'server or db:migrate' : 'server');
    try {
      mkdirSync(target.dataDir, { recursive: true });
      client = await PGlite.create(target.dataDir);
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create({ dataDir: 'memory://', loadDataDir: target.from });
  }
  const db = drizzlePglite(client, { schema });
  const close = async () => {
    await client.close();
    lock?.release();
  };
  try {
    await bringUpToDate(
      (text) => client.query(text),
      mode,
      log,
      () => migratePglite(db, { migrationsFolder }),
    );
  } catch (error) {
    await close();
    throw error;
  }
  return { db, driver: 'pglite', close, dump: () => client.dumpDataDir('none') };
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
