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

// Query strings and paths are text, so their numbers need coercing; JSON bodies are typed already and
// a string where a number belongs is the client's error, as in FastAPI's strict fields.
const textAjv = newAjv('array');
const bodyAjv = newAjv(false);

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
    const found = findNul(node.properties?.[k], v, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
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
    errors.push({
      instancePath: `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      keyword: 'type',
      params: { type },
      message: `must be ${type}`,
      schemaPath: '#/type',
    });
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
      at === null
        ? null
        : [
            {
              instancePath: at,
              keyword: 'string_type',
              params: {},
              message: 'Input should not contain NUL characters',
              schemaPath: '',
            },
          ];
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

function describeError(
  error: ErrorObject | FastifySchemaValidationError,
  part: string,
): { msg: string; type: string } {
  const p = error.params as Record<string, unknown>;
  if (part !== 'body' && error.keyword === 'type' && (p.type === 'integer' || p.type === 'number')) {
    const [article, type] = p.type === 'integer' ? ['an', 'int_parsing'] : ['a', 'float_parsing'];
    return { msg: `Input should be a valid ${p.type}, unable to parse string as ${article} ${p.type}`, type };
  }
  switch (error.keyword) {
    case 'required':
      return { msg: 'Field required', type: 'missing' };
    case 'type': {
      const expected = String(p.type).split(',')[0];
      const names: Record<string, [string, string]> = {
        string: ['Input should be a valid string', 'string_type'],
        integer: ['Input should be a valid integer', 'int_type'],
        number: ['Input should be a valid number', 'float_type'],
        boolean: ['Input should be a valid boolean', 'bool_type'],
        object: [
          'Input should be a valid dictionary or object to extract fields from',
          'model_attributes_type',
        ],
        array: ['Input should be a valid list', 'list_type'],
      };
      const [msg, type] = names[expected ?? ''] ?? [`Input should be of type ${expected}`, 'type_error'];
      return { msg, type };
    }
    case 'minLength':
      return {
        msg: `String should have at least ${p.limit} character${p.limit === 1 ? '' : 's'}`,
        type: 'string_too_short',
      };
    case 'maxLength':
      return {
        msg: `String should have at most ${p.limit} character${p.limit === 1 ? '' : 's'}`,
        type: 'string_too_long',
      };
    case 'minimum':
      return { msg: `Input should be greater than or equal to ${p.limit}`, type: 'greater_than_equal' };
    case 'maximum':
      return { msg: `Input should be less than or equal to ${p.limit}`, type: 'less_than_equal' };
    case 'enum':
      return { msg: `Input should be ${quoteList(p.allowedValues as unknown[])}`, type: 'enum' };
    case 'pattern':
      return { msg: `String should match pattern '${p.pattern}'`, type: 'string_pattern_mismatch' };
    case 'format':
      switch (p.format) {
        case 'email':
          return { msg: 'value is not a valid email address', type: 'value_error' };
        case 'uuid':
          return { msg: 'Input should be a valid UUID', type: 'uuid_parsing' };
        case 'date':
          return {
            msg: 'Input should be a valid date in the format YYYY-MM-DD',
            type: 'date_from_datetime_parsing',
          };
        default:
          return { msg: `Input should be a valid ${p.format}`, type: `${p.format}_parsing` };
      }
    default:
      return { msg: error.message ?? 'Invalid value', type: error.keyword };
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
    // `anyOf` (nullable enums) adds a summary error, and a nullable field's "must be null" branch says
    // nothing useful: the other branch's error describes the problem.
    if (error.keyword === 'anyOf') continue;
    if (error.keyword === 'type' && (error.params as { type?: unknown }).type === 'null') continue;
    const loc = location(part, error);
    const key = JSON.stringify(loc);
    if (!byLocation.has(key)) byLocation.set(key, { loc, ...describeError(error, part) });
  }
  return [...byLocation.values()];
}
