/**
 * Mappings between the contract's schemas (openapi/schema.d.ts) and database rows that are complete
 * by type: each names every field of its schema, the optional ones too, so a field the contract gains
 * is a compile error at each mapping until it says what becomes of it — never silently dropped.
 */

/** Every field of a contract schema, optional ones required: a presenter typed so must set each. */
export type EveryField<Schema> = { [Field in keyof Schema]-?: Schema[Field] };

/** The row's columns that can hold `Value` (what a body field carries, `undefined` aside). */
type ColumnFor<Row, Value> = {
  [Column in keyof Row]-?: [Exclude<Value, undefined>] extends [Row[Column]] ? Column : never;
}[keyof Row];

/**
 * A field-to-column table of a request body: each field of the body names the column it sets, or
 * `null` when the handler sets it itself (a comment at the table says how).
 */
export type FieldColumns<Body, Row> = {
  readonly [Field in keyof Body]-?: ColumnFor<Row, Body[Field]> | null;
};

/**
 * The columns a body changes: each field the table maps to a column and the client sent (a field left
 * out, `undefined`, leaves its column as it is; `null` is a value, it clears the column).
 */
export function changedColumns<Body extends object, Row>(
  table: FieldColumns<Body, Row>,
  body: Body,
): Partial<Row> {
  const changes: Partial<Row> = {};
  for (const field of Object.keys(table) as (keyof Body)[]) {
    const column = table[field];
    const value = body[field];
    if (column !== null && value !== undefined) changes[column] = value as Row[typeof column];
  }
  return changes;
}
