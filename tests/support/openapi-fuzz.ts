// Request generation from openapi/openapi.json (fast-check) and the oracle that judges the answers
// against the same document. Used by tests/api/fuzz.test.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, any>;

export type Actor = 'anonymous' | 'user' | 'superuser';
export const ACTORS: Actor[] = ['anonymous', 'user', 'superuser'];

export interface Operation {
  operationId: string;
  method: string;
  /** Path template under /api/v1, e.g. `/items/{id}`. */
  path: string;
  auth: 'none' | 'user' | 'superuser';
  parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }[];
  body?: { required: boolean; content: Record<string, Schema> };
  responses: Record<string, Schema>;
}

export function operationsOf(document: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [p, item] of Object.entries<Schema>(document.paths)) {
    for (const [method, op] of Object.entries<Schema>(item)) {
      if (!op || typeof op !== 'object' || !op.operationId) continue;
      const responses: Record<string, Schema> = {};
      for (const [status, response] of Object.entries<Schema>(op.responses ?? {})) {
        responses[status] = deref(document, response);
      }
      ops.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path: p,
        auth: op['x-auth'] ?? 'none',
        parameters: (op.parameters ?? []).map((prm: Schema) => ({
          name: prm.name,
          in: prm.in,
          required: prm.required === true,
          schema: deref(document, prm.schema),
        })),
        body: op.requestBody
          ? {
              required: op.requestBody.required === true,
              content: Object.fromEntries(
                Object.entries<Schema>(op.requestBody.content).map(([ct, c]) => [
                  ct,
                  deref(document, c.schema),
                ]),
              ),
            }
          : undefined,
        responses,
      });
    }
  }
  return ops;
}

function deref(document: Schema, node: Schema): Schema {
  let current = node;
  for (let i = 0; i < 10 && current && typeof current.$ref === 'string'; i++) {
    const pointer = (current.$ref as string).replace(/^#\//, '').split('/');
    current = pointer.reduce<any>((acc, key) => acc?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return current;
}

// ---------------------------------------------------------------------------------------------------
// Values that only exist at run time (ids, e-mails, tokens) are generated as references and resolved
// when the request is built.

export interface Ref {
  $fuzzRef: RefName;
}
export type RefName =
  | 'userId'
  | 'userIdUpper'
  | 'superId'
  | 'otherUserId'
  | 'itemId'
  | 'superItemId'
  | 'randomUuid'
  | 'nilUuid'
  | 'userEmail'
  | 'superEmail'
  | 'otherEmail'
  | 'userPassword'
  | 'userToken';
const ref = (name: RefName): Ref => ({ $fuzzRef: name });
const isRef = (value: unknown): value is Ref =>
  typeof value === 'object' && value !== null && '$fuzzRef' in value;

export interface Context {
  userId: string;
  superId: string;
  otherUserId: string;
  itemId: string;
  superItemId: string;
  userEmail: string;
  superEmail: string;
  otherEmail: string;
  userPassword: string;
  userToken: string;
  superToken: string;
}

function resolve(value: unknown, ctx: Context): unknown {
  if (isRef(value)) {
    switch (value.$fuzzRef) {
      case 'randomUuid':
        return randomUUID();
      case 'nilUuid':
        return '00000000-0000-0000-0000-000000000000';
      case 'userIdUpper':
        return ctx.userId.toUpperCase();
      default:
        return ctx[value.$fuzzRef];
    }
  }
  if (Array.isArray(value)) return value.map((v) => resolve(v, ctx));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // defineProperty: a generated `__proto__` key stays a plain own key, as it is on the wire.
      Object.defineProperty(out, k, { value: resolve(v, ctx), enumerable: true, writable: true });
    }
    return out;
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------
// Value arbitraries

export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '\ufeffbom',
  '\u2028\u2029',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧‍👦',
  'e\u0301'.repeat(200),
  '１２３',
  "' OR 1=1 --",
  'Robert"); DROP TABLE users;--',
  `\${jndi:ldap://x}`,
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00%2e%2e%2f',
  '\\',
  'null',
  'NaN',
  '-1',
  '9'.repeat(40),
  'ß'.repeat(256),
  '\t\r\n',
];

const stringUnits = ['grapheme', 'grapheme-composite', 'binary', 'binary-ascii'] as const;
const anyString = (minLength: number, maxLength: number) =>
  fc.oneof(
    ...stringUnits.map((unit) => fc.string({ unit, minLength, maxLength })),
    fc.constantFrom(...NASTY_STRINGS.filter((s) => [...s].length >= minLength && [...s].length <= maxLength)),
  );

const generatedEmail = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9][a-z0-9.+_-]{0,20}$/),
    fc.constantFrom('example.com', 'Example.ORG', 'x.io'),
  )
  .map(([local, domain]) => `${local.replace(/\.+$/, '').replace(/\.\./g, '.') || 'a'}@${domain}`);

const emailValue = fc.oneof(
  { weight: 4, arbitrary: generatedEmail },
  { weight: 1, arbitrary: fc.constant<unknown>(ref('userEmail')) },
  { weight: 1, arbitrary: fc.constant<unknown>(ref('superEmail')) },
  { weight: 1, arbitrary: fc.constant<unknown>(ref('otherEmail')) },
);

/** Ids a request may name: mostly existing rows, sometimes unknown ones. */
const uuidValue = (exclude: RefName[] = []) =>
  fc.constantFrom<unknown>(
    ...(
      [
        'userId',
        'userId',
        'itemId',
        'itemId',
        'superItemId',
        'otherUserId',
        'otherUserId',
        'superId',
        'randomUuid',
        'nilUuid',
        'userIdUpper',
      ] as RefName[]
    )
      .filter((n) => !exclude.includes(n))
      .map(ref),
  );

const dateValue = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** A value that satisfies `schema` (or is at least plausible), with `key` as a hint. */
export function validValue(
  document: Schema,
  schemaIn: Schema,
  key = '',
  exclude: RefName[] = [],
): fc.Arbitrary<unknown> {
  const schema = deref(document, schemaIn);
  if (schema.anyOf)
    return fc.oneof(...schema.anyOf.map((s: Schema) => validValue(document, s, key, exclude)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = typesOf(schema);
  const nonNull = types.filter((t) => t !== 'null');
  const base = valueOfType(document, schema, nonNull[0] ?? 'string', key, exclude);
  return types.includes('null') ? fc.oneof({ weight: 5, arbitrary: base }, fc.constant(null)) : base;
}

function valueOfType(document: Schema, schema: Schema, type: string, key: string, exclude: RefName[]) {
  switch (type) {
    case 'string': {
      if (schema.format === 'email' || key === 'username' || key === 'email_to') return emailValue;
      if (schema.format === 'uuid') return uuidValue(exclude);
      if (schema.format === 'date') return dateValue;
      if (schema.pattern) {
        const max = schema.maxLength ?? 64;
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((s) => s.length <= max && s.length >= (schema.minLength ?? 0));
      }
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 300;
      if (/password/.test(key)) {
        return fc.oneof(
          fc.constant<unknown>(ref('userPassword')),
          anyString(Math.max(min, 8), Math.min(max, 40)),
        );
      }
      return fc.oneof(
        { weight: 6, arbitrary: anyString(min, Math.min(max, 40)) },
        { weight: 1, arbitrary: fc.constant('x'.repeat(max)) },
      );
    }
    case 'integer': {
      const min = schema.minimum ?? -1_000;
      const max = schema.maximum ?? min + 1_000;
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 200) }), fc.constantFrom(min, max));
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(document, schema.items ?? {}, key, exclude), { maxLength: 3 });
    case 'object': {
      const properties: Record<string, Schema> = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, prop] of Object.entries(properties))
        record[name] = validValue(document, prop, name, exclude);
      return fc.record(record, { requiredKeys: (schema.required ?? []) as string[] });
    }
    default:
      return fc.constant(null);
  }
}

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 2 ** 31, -(2 ** 31) - 1, 0.5),
  fc.constantFrom('not-a-uuid', '00000000-0000-0000-0000-00000000000g', '{}', 'user@', '@x', 'a@b'),
);

const EXTRA_FIELDS: Record<string, unknown> = {
  is_superuser: true,
  is_active: false,
  id: '00000000-0000-0000-0000-000000000001',
  owner_id: '00000000-0000-0000-0000-000000000002',
  hashed_password: '$argon2id$v=19$m=1,t=1,p=1$AAAA$AAAA',
  token_version: 99,
  confirm_code: '000000',
  is_email_confirmed: true,
  created_at: '1970-01-01T00:00:00Z',
  constructor: { prototype: { polluted: true } },
};

/** A body for `schema` that is wrong in one (or a few) ways. */
export function invalidValue(
  document: Schema,
  schemaIn: Schema,
  exclude: RefName[] = [],
): fc.Arbitrary<unknown> {
  const schema = deref(document, schemaIn);
  const valid = validValue(document, schema, '', exclude);
  const properties: Record<string, Schema> = schema.properties ?? {};
  const keys = Object.keys(properties);
  const required: string[] = schema.required ?? [];
  const withObject = (f: (o: Record<string, unknown>) => fc.Arbitrary<unknown>) =>
    valid.chain((o) => f((typeof o === 'object' && o !== null ? o : {}) as Record<string, unknown>));
  const mutations: fc.Arbitrary<unknown>[] = [
    // The whole body of the wrong type.
    fc.oneof(fc.constant([]), fc.constant('text'), fc.constant(42), fc.constant(null), fc.constant(true)),
    // Extra fields that must be ignored (mixed with a valid body).
    withObject((o) =>
      fc.subarray(Object.keys(EXTRA_FIELDS), { minLength: 1 }).map((extra) => ({
        ...o,
        ...Object.fromEntries(extra.map((k) => [k, EXTRA_FIELDS[k]])),
      })),
    ),
  ];
  if (keys.length > 0) {
    // A field of the wrong type or an odd value.
    mutations.push(
      withObject((o) => fc.tuple(fc.constantFrom(...keys), wrongValue).map(([k, v]) => ({ ...o, [k]: v }))),
    );
    // Odd unicode in any string field.
    mutations.push(
      withObject((o) =>
        fc
          .tuple(fc.constantFrom(...keys), fc.constantFrom(...NASTY_STRINGS))
          .map(([k, v]) => ({ ...o, [k]: v })),
      ),
    );
  }
  if (required.length > 0) {
    mutations.push(
      withObject((o) =>
        fc.constantFrom(...required).map((k) => {
          const copy = { ...o };
          delete copy[k];
          return copy;
        }),
      ),
    );
  }
  const bounded = keys.filter((k) => typeof properties[k]?.maxLength === 'number');
  if (bounded.length > 0) {
    mutations.push(
      withObject((o) =>
        fc.tuple(fc.constantFrom(...bounded), fc.constantFrom(1, 2, 100, 70_000)).map(([k, extra]) => ({
          ...o,
          [k]: 'y'.repeat((properties[k]?.maxLength as number) + extra),
        })),
      ),
    );
  }
  const minBounded = keys.filter((k) => (properties[k]?.minLength ?? 0) > 0);
  if (minBounded.length > 0) {
    mutations.push(
      withObject((o) =>
        fc
          .constantFrom(...minBounded)
          .map((k) => ({ ...o, [k]: 'z'.repeat((properties[k]?.minLength as number) - 1) })),
      ),
    );
  }
  return fc.oneof(...mutations);
}

// ---------------------------------------------------------------------------------------------------
// Requests

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface Plan {
  operationId: string;
  actor: Actor;
  /** What kind of request this is, for the report. */
  kind: string;
  build(ctx: Context): FuzzRequest;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => readFileSync(path.join(here, '..', 'fixtures', name));
const IMAGES = [
  { name: 'photo.png', type: 'image/png', data: fixture('photo.png') },
  { name: 'photo.jpg', type: 'image/jpeg', data: fixture('photo.jpg') },
  { name: 'photo.webp', type: 'image/webp', data: fixture('photo.webp') },
];

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: string | Buffer;
}

export function multipartBody(parts: Part[], boundary = `fuzz${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.type) head += `Content-Type: ${part.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const MALFORMED_JSON = [
  '{',
  '{"a":}',
  '{"title": "x",}',
  "{'title': 'x'}",
  '[1, 2',
  '\ufeff{"title": "x"}',
  '{"title": 1e400}',
  '{"title": "\\ud800"}',
  '{"title": "\\u0000"}',
  '{"title": "a", "title": {"b": 1}}',
  '{"__proto__": {"is_superuser": true}, "title": "x"}',
  '{"constructor": {"prototype": {"is_superuser": true}}, "title": "x"}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  'null',
  '"just a string"',
  'NaN',
  '\u0000',
];

const BAD_PATH_SEGMENTS = [
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  '0000000-0000-0000-0000-000000000000',
  '%zz',
  '%00',
  '%2e%2e',
  '..',
  'a%2Fb',
  '%F0%9F%92%A9',
  '%C0%AE',
  '%ED%A0%80',
  '-1',
  '1e9',
  'x'.repeat(250),
  '%20',
  `${'a'.repeat(64)}@${'b'.repeat(250)}.com`,
  'not-an-email',
  'user@',
];

const BAD_TOKENS = [
  'garbage',
  'a.b.c',
  // alg "none" with a plausible subject
  `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"00000000-0000-0000-0000-000000000000","exp":9999999999}').toString('base64url')}.`,
  // HS256 signed with the wrong key (signature is junk)
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from('{"sub":"00000000-0000-0000-0000-000000000000"}').toString('base64url')}.AAAA`,
  'x'.repeat(5_000),
];

function authHeaders(actor: Actor, variant: number, ctx: Context): Record<string, string> {
  if (actor === 'user') return { authorization: `Bearer ${ctx.userToken}` };
  if (actor === 'superuser') return { authorization: `Bearer ${ctx.superToken}` };
  // Anonymous: mostly no header, sometimes a bad one.
  if (variant < 6) return {};
  if (variant === 6) return { authorization: 'Basic dXNlcjpwYXNz' };
  if (variant === 7) return { authorization: 'Bearer' };
  return { authorization: `Bearer ${BAD_TOKENS[variant % BAD_TOKENS.length]}` };
}

/** Percent-encoding of the UTF-8 bytes; lone surrogates become U+FFFD, as on the wire. */
const pct = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const encodeQuery = (query: Record<string, unknown>) =>
  Object.entries(query)
    .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]]))
    .map(([k, v]) => `${pct(String(k))}=${pct(String(v))}`)
    .join('&');

const flatForm = (value: unknown): string => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'value=1';
  return Object.entries(value)
    .map(([k, v]) => `${pct(k)}=${pct(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
    .join('&');
};

/** Every way a request for `op` is generated. */
export function planArbitrary(document: Schema, op: Operation, actor: Actor): fc.Arbitrary<Plan> {
  // The superuser's own record stays a superuser: the fuzzer needs it.
  const exclude: RefName[] = op.operationId === 'updateUser' ? ['superId'] : [];

  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');

  const pathArb = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        fc.oneof(
          {
            weight: 4,
            arbitrary: validValue(document, p.schema, p.name, exclude).map((v) => ({ v, raw: false })),
          },
          {
            weight: 2,
            arbitrary: fc.constantFrom(...BAD_PATH_SEGMENTS).map((v) => ({ v: v as unknown, raw: true })),
          },
          {
            weight: 1,
            // '.' and '..' are dot segments: every URL parser (the client's, before the server sees it)
            // removes them, so /users/. is /users/, another operation's path.
            arbitrary: anyString(1, 30)
              .filter((v) => v !== '.' && v !== '..')
              .map((v) => ({ v: v as unknown, raw: false })),
          },
        ),
      ]),
    ),
  );

  const validQuery = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, validValue(document, p.schema, p.name, exclude)])),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  );
  const badQueryValue = fc.oneof(
    fc.constantFrom(
      '',
      '-1',
      '1.5',
      'abc',
      '1e3',
      '0x10',
      '99999999999999999999999',
      'NaN',
      'Infinity',
      'true',
    ),
    fc.constantFrom(...NASTY_STRINGS),
    fc.array(fc.constantFrom('1', '2', 'x'), { minLength: 2, maxLength: 3 }),
  );
  const queryArb: fc.Arbitrary<Record<string, unknown>> =
    queryParams.length === 0
      ? fc.oneof(fc.constant({}), fc.record({ unexpected: fc.constantFrom('1', 'x', '') }))
      : fc.oneof(
          { weight: 3, arbitrary: validQuery },
          {
            weight: 2,
            arbitrary: fc
              .tuple(validQuery, fc.constantFrom(...queryParams.map((p) => p.name)), badQueryValue)
              .map(([q, k, v]) => ({ ...q, [k]: v })),
          },
          {
            weight: 1,
            arbitrary: validQuery.map((q) => {
              const copy = { ...q };
              for (const p of queryParams) if (p.required) delete copy[p.name];
              return copy;
            }),
          },
          { weight: 1, arbitrary: validQuery.map((q) => ({ ...q, unexpected: 'x' })) },
        );

  type BodyPlan = {
    kind: string;
    payload?: unknown;
    raw?: string | Buffer;
    contentType?: string;
    multipart?: Part[];
  };
  const bodyArbs: fc.Arbitrary<BodyPlan>[] = [];
  const content = op.body?.content ?? {};
  const jsonSchema = content['application/json'];
  const formSchema = content['application/x-www-form-urlencoded'];
  const multipartSchema = content['multipart/form-data'];
  const weighted = (weight: number, arbitrary: fc.Arbitrary<BodyPlan>) => ({ weight, arbitrary });

  if (jsonSchema) {
    bodyArbs.push(
      fc.oneof(
        weighted(
          5,
          validValue(document, jsonSchema, '', exclude).map((payload) => ({ kind: 'json-valid', payload })),
        ),
        weighted(
          5,
          invalidValue(document, jsonSchema, exclude).map((payload) => ({ kind: 'json-invalid', payload })),
        ),
        weighted(
          2,
          fc
            .constantFrom(...MALFORMED_JSON)
            .map((raw) => ({ kind: 'json-malformed', raw, contentType: 'application/json' })),
        ),
        weighted(
          2,
          fc
            .tuple(
              validValue(document, jsonSchema, '', exclude),
              fc.constantFrom(
                'text/plain',
                'application/xml',
                'application/x-www-form-urlencoded',
                'application/json; charset=utf-16',
                'application/json; charset=latin1',
                'application/vnd.api+json',
                '',
              ),
            )
            .map(([payload, contentType]) => ({ kind: 'json-wrong-type', payload, contentType })),
        ),
        weighted(
          1,
          validValue(document, jsonSchema, '', exclude).map((payload) => ({
            kind: 'json-as-multipart',
            multipart: Object.entries((payload as Record<string, unknown>) ?? {}).map(([name, v]) => ({
              name,
              data: String(isRef(v) ? 'x' : v),
            })),
          })),
        ),
        weighted(1, fc.constant({ kind: 'json-empty', raw: '', contentType: 'application/json' })),
        weighted(
          1,
          fc.constantFrom(1_100_000, 70_000).map((n) => ({
            kind: 'json-huge',
            raw: JSON.stringify({ title: 'x', description: 'd'.repeat(n) }),
            contentType: 'application/json',
          })),
        ),
      ),
    );
  } else if (formSchema) {
    bodyArbs.push(
      fc.oneof(
        weighted(
          5,
          validValue(document, formSchema, '', exclude).map((payload) => ({ kind: 'form-valid', payload })),
        ),
        weighted(
          4,
          invalidValue(document, formSchema, exclude).map((payload) => ({ kind: 'form-invalid', payload })),
        ),
        weighted(
          2,
          validValue(document, formSchema, '', exclude).map((payload) => ({
            kind: 'form-as-multipart',
            multipart: Object.entries((payload as Record<string, unknown>) ?? {}).map(([name, v]) => ({
              name,
              data: isRef(v) ? `\u0001${v.$fuzzRef}` : String(v),
            })),
          })),
        ),
        weighted(
          1,
          fc
            .constantFrom(
              '%zz=1&&&=',
              'username&password',
              '=',
              'username=a%ZZ&password=b',
              'a=b'.repeat(10_000),
            )
            .map((raw) => ({
              kind: 'form-malformed',
              raw,
              contentType: 'application/x-www-form-urlencoded',
            })),
        ),
        weighted(
          1,
          validValue(document, formSchema, '', exclude).map((payload) => ({
            kind: 'form-as-json',
            payload,
            contentType: 'application/json',
          })),
        ),
      ),
    );
  } else if (multipartSchema) {
    const image = fc.constantFrom(...IMAGES);
    bodyArbs.push(
      fc.oneof(
        weighted(
          3,
          image.map((img) => ({
            kind: 'upload-valid',
            multipart: [{ name: 'file', filename: img.name, type: img.type, data: img.data }],
          })),
        ),
        weighted(
          2,
          fc
            .tuple(
              fc.uint8Array({ maxLength: 2_000 }),
              fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/plain', ''),
            )
            .map(([bytes, type]) => ({
              kind: 'upload-random-bytes',
              multipart: [{ name: 'file', filename: 'x.png', type, data: Buffer.from(bytes) }],
            })),
        ),
        weighted(
          1,
          image.map((img) => ({
            kind: 'upload-odd-parts',
            multipart: [
              { name: 'file', filename: '../../etc/\u0000passwd"; x=.png', type: img.type, data: img.data },
            ],
          })),
        ),
        weighted(
          1,
          fc.constant({
            kind: 'upload-empty-file',
            multipart: [{ name: 'file', filename: 'e.png', type: 'image/png', data: '' }],
          }),
        ),
        weighted(
          1,
          fc.constant({ kind: 'upload-text-field', multipart: [{ name: 'file', data: 'not a file' }] }),
        ),
        weighted(
          1,
          image.map((img) => ({
            kind: 'upload-wrong-field',
            multipart: [{ name: 'photo', filename: img.name, type: img.type, data: img.data }],
          })),
        ),
        weighted(
          1,
          image.map((img) => ({
            kind: 'upload-two-files',
            multipart: [
              { name: 'file', filename: img.name, type: img.type, data: img.data },
              { name: 'file', filename: img.name, type: img.type, data: img.data },
            ],
          })),
        ),
        weighted(
          1,
          fc
            .constantFrom(
              {
                raw: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
                contentType: 'multipart/form-data; boundary=x',
              },
              { raw: 'garbage', contentType: 'multipart/form-data' },
              { raw: 'garbage', contentType: 'multipart/form-data; boundary=' },
              { raw: '{"file": "x"}', contentType: 'application/json' },
              { raw: 'file=x', contentType: 'application/x-www-form-urlencoded' },
            )
            .map((b) => ({ kind: 'upload-malformed', ...b })),
        ),
        weighted(1, fc.constant({ kind: 'upload-none' })),
      ),
    );
  } else {
    // No body documented: usually none, sometimes one anyway.
    bodyArbs.push(
      fc.oneof(
        weighted(6, fc.constant({ kind: 'no-body' })),
        weighted(
          1,
          fc.constant({ kind: 'unexpected-json', payload: { unexpected: true, is_superuser: true } }),
        ),
        weighted(
          1,
          fc
            .constantFrom(...MALFORMED_JSON)
            .map((raw) => ({ kind: 'unexpected-malformed', raw, contentType: 'application/json' })),
        ),
      ),
    );
  }

  return fc
    .record({
      path: pathArb,
      query: queryArb,
      body: bodyArbs[0] as fc.Arbitrary<BodyPlan>,
      authVariant: fc.nat(12),
    })
    .map(({ path: params, query, body, authVariant }) => ({
      operationId: op.operationId,
      actor,
      kind: body.kind,
      build(ctx: Context): FuzzRequest {
        let url = `/api/v1${op.path}`;
        for (const [name, { v, raw }] of Object.entries(params)) {
          const value = String(resolve(v, ctx));
          url = url.replace(`{${name}}`, raw ? value : pct(value));
        }
        const q = encodeQuery(resolve(query, ctx) as Record<string, unknown>);
        if (q) url += `?${q}`;
        const headers = authHeaders(actor, authVariant, ctx);
        let payload: string | Buffer | undefined;
        if (body.multipart) {
          const parts = body.multipart.map((p) => ({
            ...p,
            data:
              typeof p.data === 'string' && p.data.startsWith('\u0001')
                ? String(resolve(ref(p.data.slice(1) as RefName), ctx))
                : p.data,
          }));
          const built = multipartBody(parts);
          payload = built.payload;
          headers['content-type'] = built.contentType;
        } else if (body.raw !== undefined) {
          payload = body.raw;
          if (body.contentType) headers['content-type'] = body.contentType;
        } else if ('payload' in body) {
          const value = resolve(body.payload, ctx);
          const isForm = body.kind.startsWith('form') && body.contentType === undefined;
          payload = isForm ? flatForm(value) : JSON.stringify(value);
          const contentType =
            body.contentType ?? (isForm ? 'application/x-www-form-urlencoded' : 'application/json');
          if (contentType) headers['content-type'] = contentType;
        }
        return { method: op.method, url, headers, payload };
      },
    }));
}

// ---------------------------------------------------------------------------------------------------
// The oracle

/** Every object schema that lists its properties may only have those: no undocumented field leaks. */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node))
    out[k] =
      k === 'properties'
        ? Object.fromEntries(Object.entries(v as object).map(([pk, pv]) => [pk, closeObjects(pv)]))
        : closeObjects(v);
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined)
    out.additionalProperties = false;
  return out;
}

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

export interface Oracle {
  /** Problems with an answer to `op`; empty when it matches the document. */
  check(op: Operation, answer: Answer): string[];
}

export function createOracle(document: Schema): Oracle {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema(closeObjects(document) as object, 'openapi');
  const cache = new Map<string, ValidateFunction>();
  /** Compiles a schema taken from the document; its `#/…` references point into the document. */
  const validator = (schema: Schema) => {
    const key = JSON.stringify(schema);
    let fn = cache.get(key);
    if (!fn) {
      fn = ajv.compile(JSON.parse(key.replace(/"\$ref":"#\//g, '"$ref":"openapi#/')));
      cache.set(key, fn);
    }
    return fn;
  };
  const generalError = validator({ $ref: '#/components/schemas/HTTPError' });
  const validationError = validator({ $ref: '#/components/schemas/HTTPValidationError' });

  return {
    check(op, answer) {
      const problems: string[] = [];
      const { status } = answer;
      const contentType = String(answer.headers['content-type'] ?? '');
      if (status >= 500) problems.push(`server error ${status}`);
      const documented = op.responses[String(status)];
      const jsonBody = (): { ok: true; value: Json } | { ok: false } => {
        if (!contentType.includes('application/json')) {
          problems.push(`status ${status} answered with content-type "${contentType}", not JSON`);
          return { ok: false };
        }
        try {
          return { ok: true, value: JSON.parse(answer.body) };
        } catch {
          problems.push(`status ${status}: body is not JSON`);
          return { ok: false };
        }
      };
      if (documented) {
        const jsonSchema = documented.content?.['application/json'];
        if (jsonSchema) {
          const parsed = jsonBody();
          if (parsed.ok) {
            const fn = validator(closeObjects(jsonSchema.schema) as Schema);
            if (!fn(parsed.value)) {
              problems.push(
                `status ${status} body does not match the document: ${ajv.errorsText(fn.errors)}`,
              );
            }
          }
        }
        for (const header of Object.keys(documented.headers ?? {})) {
          if (answer.headers[header.toLowerCase()] === undefined)
            problems.push(`status ${status} lacks header ${header}`);
        }
      } else if (status >= 400 && status < 500) {
        // Not listed for this operation: allowed only as one of the two documented error shapes.
        const parsed = jsonBody();
        if (parsed.ok) {
          const fn = status === 422 ? validationError : generalError;
          if (!fn(parsed.value))
            problems.push(
              `undocumented status ${status} with a body that is not ${status === 422 ? 'HTTPValidationError' : 'HTTPError'}: ${answer.body.slice(0, 200)}`,
            );
        }
      } else if (status < 500) {
        problems.push(`status ${status} is not documented for ${op.operationId}`);
      }
      if (/hashed_password|\$argon2/.test(answer.body)) problems.push('answer leaks a password hash');
      return problems;
    },
  };
}

export const loadDocument = (): Schema =>
  JSON.parse(readFileSync(path.join(here, '..', '..', 'openapi', 'openapi.json'), 'utf8'));
