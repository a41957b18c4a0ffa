import type { FieldDeclaration, FieldKind } from '../fields.ts';
import type { Schema } from './types.ts';

/** Small builders for the component schemas, in FastAPI's conventions (which the template's clients see). */

/** A reference to a component schema; `document.ts` fails the generation when the name is unknown. */
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** The value, or null: `type: [t, 'null']`, or `anyOf` for a reference (JSON Schema cannot widen a $ref). */
export function orNull(schema: Schema): Schema {
  if (schema.$ref) return { anyOf: [schema, { type: 'null' }] };
  if (typeof schema.type !== 'string') throw new Error('orNull takes a schema with one type');
  return { ...schema, type: [schema.type, 'null'] };
}

export const text = (maxLength: number, more: Schema = {}): Schema => ({
  type: 'string',
  maxLength,
  ...more,
});

/** "full_name" → "Full Name": the title FastAPI gives a field it was given none for. */
const titleOf = (key: string) =>
  key
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/**
 * An object schema as FastAPI writes a model (titled by its name in components.ts): each property titled
 * from its key unless it has a title or is a bare reference. `required` is listed apart, in document order.
 */
export function model<P extends Record<string, Schema>>(
  properties: P,
  required: (keyof P & string)[] = [],
): Schema {
  const titled = Object.fromEntries(
    Object.entries(properties).map(([key, schema]) => [
      key,
      schema.$ref || schema.title ? schema : { ...schema, title: titleOf(key) },
    ]),
  );
  return { type: 'object', ...(required.length ? { required } : {}), properties: titled };
}

/** A declared field (openapi/fields.ts) as the contract writes it: its kind, limit, enum and null. */
export function fieldSchema(field: FieldDeclaration, more: Schema = {}): Schema {
  const kinds: Record<FieldKind, () => Schema> = {
    text: () => text(field.max ?? 0, more),
    tel: () => text(field.max ?? 0, more),
    email: () => text(field.max ?? 0, { format: 'email', ...more }),
    password: () => ({ type: 'string', ...more }),
    date: () => ({ type: 'string', format: 'date' }),
    choice: () => ref(field.enum ?? ''),
    flag: () => ({ type: 'boolean', ...more }),
  };
  const schema = kinds[field.kind]();
  return field.nullable ? orNull(schema) : schema;
}

/** The declared fields `names` as a model's properties. */
export const fieldSchemas = <F extends Record<string, FieldDeclaration>, K extends keyof F & string>(
  fields: F,
  names: readonly K[],
): Record<K, Schema> =>
  Object.fromEntries(names.map((name) => [name, fieldSchema(fields[name] as FieldDeclaration)])) as Record<
    K,
    Schema
  >;
