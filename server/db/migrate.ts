import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';

/** drizzle-kit's SQL migrations, copied beside the compiled server (scripts/build-server.mjs). */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The command that brings a database up to date, as the refusal and the README name it. */
export const MIGRATE_COMMAND = 'npm run db:migrate';

export interface Migration {
  name: string;
  /** drizzle's order key: the journal's `when` of the migration. */
  createdAt: number;
}

/** Runs one SQL text and returns its rows: a pg client's or PGlite's `query`. */
export type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Every migration of the folder, oldest first. */
export function knownMigrations(): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  // readMigrationFiles checks that every file of the journal is there, as the migrator will.
  readMigrationFiles({ migrationsFolder });
  return journal.entries.map((entry) => ({ name: entry.tag, createdAt: entry.when }));
}

/** The migrations newer than the newest recorded one, as drizzle's migrator decides it. */
export async function pendingMigrations(query: Query): Promise<Migration[]> {
  const table = await query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  const all = knownMigrations();
  if (table.rows[0]?.present !== true) return all;
  const last = await query('SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations');
  const applied = last.rows[0]?.last;
  if (applied === null || applied === undefined) return all;
  return all.filter((migration) => migration.createdAt > Number(applied));
}

export class SchemaBehindError extends Error {
  constructor(readonly pending: Migration[]) {
    super(
      `The database schema is behind this server: ${pending.length} migration(s) not applied (${pending
        .map((m) => m.name)
        .join(', ')}). Run \`${MIGRATE_COMMAND}\` (from a built copy: \`node dist/server/migrate.js\`) ` +
        'before starting the server, or set MIGRATE_ON_START=True.',
    );
  }
}
