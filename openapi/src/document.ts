import { API_PREFIX } from '../prefix.ts';
import { accountOperations } from './account.ts';
import { parameters, responses, schemas, securitySchemes } from './components.ts';
import { fileOperations } from './files.ts';
import { itemOperations } from './items.ts';
import { loginOperations } from './login.ts';
import type { PathOperation } from './operation.ts';
import type { Document, OperationObject, Parameter, Ref, Response, Schema } from './types.ts';
import { userOperations } from './users.ts';
import { utilOperations } from './utils.ts';

/** The contract, assembled from its areas (`npm run generate:contract`); the server reads only the JSON. */

/** The areas, in the document's order of paths (Swagger UI lists them so). */
const AREAS: PathOperation[][] = [
  loginOperations,
  userOperations,
  itemOperations,
  utilOperations,
  accountOperations,
  fileOperations,
];

/** Each kind of object's key order, however it was built; keys not listed follow in their own order. */
const KEY_ORDER = {
  operation: [
    'tags',
    'summary',
    'operationId',
    'x-auth',
    'description',
    'security',
    'parameters',
    'requestBody',
  ],
  schema: [
    '$ref',
    'type',
    'format',
    'enum',
    'minLength',
    'maxLength',
    'pattern',
    'minimum',
    'maximum',
    'default',
    'anyOf',
    'title',
    'description',
    'required',
    'properties',
    'items',
  ],
  parameter: ['name', 'in', 'required', 'schema', 'description', 'example'],
  response: ['description', 'headers', 'content'],
};

function ordered<T extends object>(value: T, order: string[]): T {
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => rank(a) - rank(b))) as T;
}

function schema(value: Schema): Schema {
  const out: Schema = { ...value };
  if (out.properties) out.properties = mapValues(out.properties, schema);
  if (out.items) out.items = schema(out.items);
  if (out.anyOf) out.anyOf = out.anyOf.map(schema);
  return ordered(out, KEY_ORDER.schema);
}

function mapValues<T, U>(record: Record<string, T>, map: (value: T, key: string) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value, key)]));
}

const media = (content: Record<string, { schema: Schema }>) =>
  mapValues(content, (entry) => ({ ...entry, schema: schema(entry.schema) }));

function response(value: Response): Response {
  const out: Response = { ...value };
  if (out.content) out.content = media(out.content);
  if (out.headers) out.headers = mapValues(out.headers, (h) => ({ schema: schema(h.schema) }));
  return ordered(out, KEY_ORDER.response);
}

const parameter = (value: Parameter): Parameter =>
  ordered({ ...value, schema: schema(value.schema) }, KEY_ORDER.parameter);

/** A component's reference stays as it is. */
const orRef =
  <T extends object>(map: (value: T) => T) =>
  (value: T | Ref): T | Ref =>
    '$ref' in value ? value : map(value);

export function buildDocument(): Document {
  const paths: Document['paths'] = {};
  for (const { path, method, operation } of AREAS.flat()) {
    paths[path] ??= {};
    const item = paths[path];
    if (item[method]) throw new Error(`${method.toUpperCase()} ${path} is written twice`);
    const out: OperationObject = { ...operation };
    if (operation.parameters) out.parameters = operation.parameters.map(orRef(parameter));
    if (operation.requestBody) {
      out.requestBody = { ...operation.requestBody, content: media(operation.requestBody.content) };
    }
    out.responses = mapValues(operation.responses, orRef(response));
    item[method] = ordered(out, KEY_ORDER.operation);
  }
  const operationIds = AREAS.flat().map(({ operation }) => operation.operationId);
  const repeated = operationIds.find((id, index) => operationIds.indexOf(id) !== index);
  if (repeated) throw new Error(`operationId ${repeated} is used twice`);

  const document: Document = {
    openapi: '3.1.0',
    info: {
      title: 'Statechart Full-Stack Starter API',
      version: '0.1.0',
      description: `Drop-in replacement for the backend of full-stack-fastapi-template. Every path is served under \`${API_PREFIX}\`.`,
    },
    servers: [{ url: API_PREFIX }],
    paths,
    components: {
      schemas: mapValues(schemas, (value, name) => schema({ title: name, ...value })),
      responses: mapValues(responses, ({ status: _status, ...refusal }) => response(refusal)),
      securitySchemes,
      parameters: mapValues(parameters, parameter),
    },
  };
  checkReferences(document);
  return document;
}

/** Every `$ref` names a component that exists: a misspelt name fails the generation, not a request. */
function checkReferences(document: Document) {
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref') {
          const [, , kind, name] = String(inner).split('/');
          const group = (document.components as Record<string, Record<string, unknown>>)[kind ?? ''];
          if (!group || !name || !(name in group)) throw new Error(`${String(inner)} names no component`);
        } else visit(inner);
      }
    }
  };
  visit(document);
}

/** The file's text: two-space JSON and a final newline, as committed. */
export const documentText = (document: Document = buildDocument()) =>
  `${JSON.stringify(document, null, 2)}\n`;
