import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { components } from '../../openapi/schema.d.ts';
import { requireUser } from '../auth/guard.ts';
import type { ItemRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { changedColumns, type EveryField, type FieldColumns } from '../http/fields.ts';
import type { OperationHandlers } from '../http/types.ts';
import type { ItemValues } from './repository.ts';

type ItemOperations = 'readItems' | 'createItem' | 'readItem' | 'updateItem' | 'deleteItem';

type Schemas = components['schemas'];

/** The one place an item row becomes API output; every field of `ItemPublic`, optional ones too. */
export const toItemPublic = (row: ItemRow): EveryField<Schemas['ItemPublic']> => ({
  id: row.id,
  title: row.title,
  description: row.description,
  sku: row.sku,
  owner_id: row.ownerId,
  created_at: row.createdAt.toISOString(),
});

/** PUT /items/{id}: each field of `ItemUpdate` and the column it sets (only fields sent are touched). */
export const ITEM_UPDATE_COLUMNS = {
  description: 'description',
  sku: 'sku',
  // Set by the handler: a null title leaves the title as it is (the column cannot be empty).
  title: null,
} as const satisfies FieldColumns<Schemas['ItemUpdate'], ItemValues>;

export function itemHandlers(app: FastifyInstance): OperationHandlers<ItemOperations> {
  /** The item, if the caller may act on it: its owner or a superuser. */
  async function accessibleItem(request: FastifyRequest, id: string): Promise<ItemRow> {
    const user = requireUser(request);
    const item = await app.items.byId(id);
    if (!item) throw new HttpError(404, 'Item not found');
    if (!user.isSuperuser && item.ownerId !== user.id) throw new HttpError(403, 'Not enough permissions');
    return item;
  }

  return {
    async readItems(request) {
      const user = requireUser(request);
      const { skip = 0, limit = 100 } = request.query;
      const { data, count } = await app.items.list(user.isSuperuser ? null : user.id, skip, limit);
      return { data: data.map(toItemPublic), count };
    },

    async createItem(request) {
      const user = requireUser(request);
      const { title, description = null, sku = null } = request.body;
      return toItemPublic(await app.items.insert(user.id, { title, description, sku }));
    },

    async readItem(request) {
      return toItemPublic(await accessibleItem(request, request.params.id));
    },

    async updateItem(request) {
      const item = await accessibleItem(request, request.params.id);
      const body = request.body;
      const changes = changedColumns<Schemas['ItemUpdate'], ItemValues>(ITEM_UPDATE_COLUMNS, body);
      // A null title means "unchanged": the column cannot be empty.
      if (body.title != null) changes.title = body.title;
      const updated = await app.items.update(item.id, changes);
      if (!updated) throw new HttpError(404, 'Item not found');
      return toItemPublic(updated);
    },

    async deleteItem(request) {
      const item = await accessibleItem(request, request.params.id);
      await app.items.delete(item.id);
      return { message: 'Item deleted successfully' };
    },
  };
}
