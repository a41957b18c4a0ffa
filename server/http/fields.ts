/** Schema-to-row mappings that name every field: a field the contract gains does not compile until mapped. */

/** Every field of a contract schema, optional ones required: a presenter typed so must set each. */
export type EveryField<Schema> = { [Field in keyof Schema]-?: Schema[Field] };

/** The row's columns that can hold `Value` (what a body field carries, `undefined` aside). */
type ColumnFor<Row, Value> = {
  [Column in keyof Row]-?: [Exclude<Value, undefined>] extends [Row[Column]] ? Column : never;
}[keyof Row];

/** A request body's field-to-column table: the column each field sets, or `null` when the handler sets it. */
export type FieldColumns<Body, Row> = {
  readonly [Field in keyof Body]-?: ColumnFor<Row, Body[Field]> | null;
};

/** The columns a body changes: a field left out leaves its column as it is; `null` clears it. */
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
