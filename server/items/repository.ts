import { and, desc, eq, sql } from 'drizzle-orm';
import { readCount } from '../db/counters.ts';
import type { Database } from '../db/index.ts';
import { countKeys, type ItemRow, items } from '../db/schema.ts';

export type ItemValues = Pick<ItemRow, 'title' | 'description' | 'sku'>;

const newestFirst = [desc(items.createdAt), desc(items.id)];

/** The hot statements, built once and parsed once per connection. */
function preparedStatements(db: Database) {
  // The first page, the one almost every list call asks for, prepared once (see readCount).
  const firstPage = {
    all: db
      .select()
      .from(items)
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .prepare('items_first_page'),
    of: db
      .select()
      .from(items)
      .where(eq(items.ownerId, sql.placeholder('ownerId')))
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .prepare('items_first_page_of_owner'),
  };
  // Item creation is the hot write path.
  const insertOne = db
    .insert(items)
    .values({
      title: sql.placeholder('title'),
      description: sql.placeholder('description'),
      sku: sql.placeholder('sku'),
      ownerId: sql.placeholder('ownerId'),
    })
    .returning()
    .prepare('items_insert');
  return { firstPage, insertOne };
}

export function createItemsRepository(db: Database) {
  const { firstPage, insertOne } = preparedStatements(db);
  return {
    async list(
      ownerId: string | null,
      skip: number,
      limit: number,
    ): Promise<{ data: ItemRow[]; count: number }> {
      const where = ownerId === null ? undefined : eq(items.ownerId, ownerId);
      // The key at position `skip` by an index-only scan, then the page from it: OFFSET's rows, not its cost.
      const start = db
        .select({ createdAt: items.createdAt, id: items.id })
        .from(items)
        .where(where)
        .orderBy(...newestFirst)
        .offset(skip)
        .limit(1);
      const [data, count] = await Promise.all([
        skip === 0
          ? ownerId === null
            ? firstPage.all.execute({ limit })
            : firstPage.of.execute({ ownerId, limit })
          : db
              .select()
              .from(items)
              .where(and(where, sql`(${items.createdAt}, ${items.id}) <= (${start})`))
              .orderBy(...newestFirst)
              .limit(limit),
        readCount(db, ownerId === null ? countKeys.items : countKeys.itemsOf(ownerId)),
      ]);
      return { data, count };
    },
    async byId(id: string): Promise<ItemRow | undefined> {
      const [row] = await db.select().from(items).where(eq(items.id, id));
      return row;
    },
    async insert(ownerId: string, values: ItemValues): Promise<ItemRow> {
      const [row] = await insertOne.execute({ ...values, ownerId });
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(id: string, values: Partial<ItemValues>): Promise<ItemRow | undefined> {
      if (Object.keys(values).length === 0) return this.byId(id);
      const [row] = await db.update(items).set(values).where(eq(items.id, id)).returning();
      return row;
    },
    async delete(id: string, ownerId?: string): Promise<boolean> {
      const where = ownerId ? and(eq(items.id, id), eq(items.ownerId, ownerId)) : eq(items.id, id);
      const rows = await db.delete(items).where(where).returning({ id: items.id });
      return rows.length > 0;
    },
  };
}

export type ItemsRepository = ReturnType<typeof createItemsRepository>;
