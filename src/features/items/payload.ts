import type { ItemCreate, ItemPublic } from '../../api/types';
import type { ItemValues } from '../../machines/signed-in-schemas';
import { noFieldLeft, orNull } from '../common/form-values';

/** Form values ↔ API bodies of the item forms. */

/** The Edit Item form opened on an item. */
export function itemValues(item: ItemPublic): ItemValues {
  return { title: item.title, description: item.description ?? '', sku: item.sku ?? '' };
}

/** The body of Add Item (POST) and Edit Item (PUT): empty description and SKU are sent as null. */
export function itemPayload(values: ItemValues): ItemCreate {
  const { title, description, sku, ...rest } = values;
  noFieldLeft(rest);
  return { title, description: orNull(description), sku: orNull(sku) };
}
