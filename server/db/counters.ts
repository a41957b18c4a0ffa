import { eq, sql } from 'drizzle-orm';
import type { Database } from './index.ts';
import { counters } from './schema.ts';

// Prepared once per database (named statements): not built per request, planned once per connection.
const prepareCount = (db: Database) =>
  db
    .select({ n: sql<string | null>`sum(${counters.n})` })
    .from(counters)
    .where(eq(counters.key, sql.placeholder('key')))
    .prepare('counter_by_key');
const countQueries = new WeakMap<Database, ReturnType<typeof prepareCount>>();

/** A row count kept in the sharded `counters` table: the sum of the key's shards. */
export async function readCount(db: Database, key: string): Promise<number> {
  let query = countQueries.get(db);
  if (!query) {
    query = prepareCount(db);
    countQueries.set(db, query);
  }
  const [row] = await query.execute({ key });
  return Number(row?.n ?? 0);
}
