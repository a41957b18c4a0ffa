import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { countKeys, type ItemRow, items } from '../db/schema.ts';
import { readCount } from '../users/repository.ts';

export type ItemValues = Pick<ItemRow, 'title' | 'description' | 'sku'>;

export function createItemsRepository(db: Database) {
  return {
    async list(
      ownerId: string | null,
      skip: number,
      limit: number,
    ): Promise<{ data: ItemRow[]; count: number }> {
      const order = [desc(items.createdAt), desc(items.id)];
      const [data, count] = await Promise.all([
        ownerId === null
          ? db
              .select()
              .from(items)
              .orderBy(...order)
              .offset(skip)
              .limit(limit)
          : db
              .select()
              .from(items)
              .where(eq(items.ownerId, ownerId))
              .orderBy(...order)
              .offset(skip)
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
      const [row] = await db
        .insert(items)
        .values({ ...values, ownerId })
        .returning();
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
