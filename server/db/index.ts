import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any stable 64-bit number: serialises concurrent migrators on one PostgreSQL server.
const MIGRATION_LOCK_ID = 7_310_284_611;

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true };

/** Opens the database (a PostgreSQL server or embedded PGlite) and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
      // A server that stops answering without closing (frozen, network gone) must not hold requests
      // forever: the query fails after 5 s and the request gets a 503 (tests/api/faults.test.ts).
      query_timeout: 5_000,
    });
    // An idle client that loses its server must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema });
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
      client.release();
    }
    return { db: db as unknown as Database, driver: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    client = await PGlite.create(target.dataDir);
  } else {
    client = await PGlite.create('memory://');
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, driver: 'pglite', close: () => client.close() };
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
