import type { ItemCreate, ItemPublic } from '../../api/types';
import { openedOn, payloadOf } from '../../machines/declared';
import { ITEM_FORM, type ItemValues } from '../../machines/signed-in-schemas';

/** Form values ↔ API bodies of the item forms, derived from the fields' declaration. */

/** The Edit Item form opened on an item. */
export const itemValues = (item: ItemPublic): ItemValues => openedOn(ITEM_FORM, item);

/** The body of Add Item (POST) and Edit Item (PUT): empty description and SKU are sent as null. */
export const itemPayload = (values: ItemValues): ItemCreate => payloadOf(ITEM_FORM, values);
