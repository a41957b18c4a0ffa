import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaValidationError } from 'fastify';

/** One entry of FastAPI's 422 `detail` list. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

function newAjv(coerceTypes: boolean | 'array') {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    allErrors: true,
    strict: false,
    // OpenAPI keywords that are annotations, not validation.
    keywords: ['example', 'x-auth', 'discriminator', 'xml', 'externalDocs'],
  });
  addFormats.default(ajv);
  return ajv;
}

// Query and path numbers need coercing; a JSON string where a number belongs is an error, as in FastAPI.
const textAjv = newAjv('array');
const bodyAjv = newAjv(false);

/** A key as a segment of a JSON pointer (Ajv's `instancePath`). */
const segment = (key: string) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** One of Ajv's errors, made by a check of our own. */
const ajvError = (instancePath: string, keyword: string, message: string, params = {}): ErrorObject => ({
  instancePath,
  keyword,
  params,
  message,
  schemaPath: '',
});

/** `format: binary` marks an uploaded file: the multipart plugin hands over an object, checked by the handler. */
function acceptUploads(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(acceptUploads);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as Record<string, unknown>;
  if (node.format === 'binary') return { description: node.description ?? 'file' };
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, acceptUploads(v)]));
}

/** The first string holding U+0000 among the fields `schema` declares: PostgreSQL cannot store one. */
function findNul(schema: unknown, data: unknown, at: string): string | null {
  if (typeof data === 'string') return data.includes('\u0000') ? at : null;
  if (typeof data !== 'object' || data === null) return null;
  const node = (schema ?? {}) as { properties?: Record<string, unknown>; items?: unknown };
  if (Array.isArray(data)) {
    for (const [i, v] of data.entries()) {
      const found = findNul(node.items, v, `${at}/${i}`);
      if (found) return found;
    }
    return null;
  }
  if (ArrayBuffer.isView(data) || data instanceof Date) return null;
  for (const [k, v] of Object.entries(data)) {
    if (node.properties && !(k in node.properties)) continue;
    const found = findNul(node.properties?.[k], v, `${at}${segment(k)}`);
    if (found) return found;
  }
  return null;
}

// Numbers in a query or path are read as FastAPI (pydantic) reads them: decimal digits, a sign, spaces
// around, an integer may end in `.0`. Ajv's coercion would take whatever `Number()` takes: `0x10`, `1e3`,
// `0b11`, `Infinity`.
const DECIMAL_INTEGER = /^\s*[+-]?\d+(\.0*)?\s*$/;
const DECIMAL_NUMBER = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/** 'integer' or 'number' when a parameter's schema (or a branch of its anyOf/oneOf) is one. */
function numericType(schema: unknown): 'integer' | 'number' | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const node = schema as { type?: unknown; anyOf?: unknown[]; oneOf?: unknown[] };
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) {
    const found = numericType(branch);
    if (found) return found;
  }
  return undefined;
}

/** Type errors for the text parameters of `data` that are numbers but not written in decimal. */
function nonDecimalNumbers(schema: unknown, data: unknown): ErrorObject[] {
  const properties = (schema as { properties?: Record<string, unknown> } | null)?.properties;
  if (!properties || typeof data !== 'object' || data === null) return [];
  const errors: ErrorObject[] = [];
  for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
    const type = numericType(properties[name]);
    if (!type) continue;
    const pattern = type === 'integer' ? DECIMAL_INTEGER : DECIMAL_NUMBER;
    const texts = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    if (texts.every((text) => pattern.test(text))) continue;
    errors.push(ajvError(segment(name), 'type', `must be ${type}`, { type }));
  }
  return errors;
}

export function validatorCompiler({ schema, httpPart }: { schema: object; httpPart?: string }) {
  const body = httpPart === 'body';
  const validate = body ? bodyAjv.compile(acceptUploads(schema) as object) : textAjv.compile(schema);
  const checked = (data: unknown, context?: Parameters<ValidateFunction>[1]) => {
    // Checked before Ajv, whose coercion replaces the text with the number it made of it.
    const refused = body ? [] : nonDecimalNumbers(schema, data);
    if (!validate(data, context) || refused.length > 0) {
      checked.errors = [...refused, ...(validate.errors ?? [])];
      return false;
    }
    // A NUL character would fail in the database as a 500 (found by tests/api/fuzz.test.ts): a 422 here.
    const at = findNul(schema, data, '');
    checked.errors =
      at === null ? null : [ajvError(at, 'string_type', 'Input should not contain NUL characters')];
    return at === null;
  };
  checked.errors = null as ErrorObject[] | null | undefined;
  return Object.assign(checked, { schemaEnv: validate.schemaEnv });
}

const PARTS: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

const quoteList = (values: unknown[]) => {
  const quoted = values.map((v) => `'${String(v)}'`);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : (quoted[0] ?? '');
};

/** FastAPI's words for Ajv's `type` and `format` errors: message and type. */
const TYPE_ERRORS: Record<string, [string, string]> = {
  string: ['Input should be a valid string', 'string_type'],
  integer: ['Input should be a valid integer', 'int_type'],
  number: ['Input should be a valid number', 'float_type'],
  boolean: ['Input should be a valid boolean', 'bool_type'],
  object: ['Input should be a valid dictionary or object to extract fields from', 'model_attributes_type'],
  array: ['Input should be a valid list', 'list_type'],
};
const FORMAT_ERRORS: Record<string, [string, string]> = {
  email: ['value is not a valid email address', 'value_error'],
  uuid: ['Input should be a valid UUID', 'uuid_parsing'],
  date: ['Input should be a valid date in the format YYYY-MM-DD', 'date_from_datetime_parsing'],
};

/** An error's message and type as FastAPI (pydantic) words them. */
function describeError(error: ErrorObject | FastifySchemaValidationError, part: string): [string, string] {
  const p = error.params as Record<string, unknown>;
  const characters = `${p.limit} character${p.limit === 1 ? '' : 's'}`;
  if (part !== 'body' && error.keyword === 'type' && (p.type === 'integer' || p.type === 'number')) {
    const [article, type] = p.type === 'integer' ? ['an', 'int_parsing'] : ['a', 'float_parsing'];
    return [`Input should be a valid ${p.type}, unable to parse string as ${article} ${p.type}`, type];
  }
  switch (error.keyword) {
    case 'required':
      return ['Field required', 'missing'];
    case 'type': {
      const expected = String(p.type).split(',')[0] ?? '';
      return TYPE_ERRORS[expected] ?? [`Input should be of type ${expected}`, 'type_error'];
    }
    case 'minLength':
      return [`String should have at least ${characters}`, 'string_too_short'];
    case 'maxLength':
      return [`String should have at most ${characters}`, 'string_too_long'];
    case 'minimum':
      return [`Input should be greater than or equal to ${p.limit}`, 'greater_than_equal'];
    case 'maximum':
      return [`Input should be less than or equal to ${p.limit}`, 'less_than_equal'];
    case 'enum':
      return [`Input should be ${quoteList(p.allowedValues as unknown[])}`, 'enum'];
    case 'pattern':
      return [`String should match pattern '${p.pattern}'`, 'string_pattern_mismatch'];
    case 'format':
      return (
        FORMAT_ERRORS[String(p.format)] ?? [`Input should be a valid ${p.format}`, `${p.format}_parsing`]
      );
    default:
      return [error.message ?? 'Invalid value', error.keyword];
  }
}

function location(part: string, error: ErrorObject | FastifySchemaValidationError): (string | number)[] {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  if (error.keyword === 'required')
    segments.push(String((error.params as { missingProperty: string }).missingProperty));
  return [PARTS[part] ?? part, ...segments];
}

/** Ajv's errors in FastAPI's 422 shape: one entry per failing field. */
export function toValidationIssues(
  errors: (ErrorObject | FastifySchemaValidationError)[],
  part: string,
): ValidationIssue[] {
  const byLocation = new Map<string, ValidationIssue>();
  for (const error of errors) {
    // `anyOf` adds a summary error and a nullable field's "must be null" branch says nothing useful.
    if (error.keyword === 'anyOf') continue;
    if (error.keyword === 'type' && (error.params as { type?: unknown }).type === 'null') continue;
    const loc = location(part, error);
    const key = JSON.stringify(loc);
    const [msg, type] = describeError(error, part);
    if (!byLocation.has(key)) byLocation.set(key, { loc, msg, type });
  }
  return [...byLocation.values()];
}
