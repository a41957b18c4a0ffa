import { type RefusalName, responses as refusals, type SchemaName } from './components.ts';
import { ref } from './schema.ts';
import type { Auth, Method, OperationObject, Parameter, Ref, Response, Schema } from './types.ts';

/**
 * How an operation is written: what is particular to it. What its kind implies (the guard's refusals,
 * 422 for any input, the idempotency header and its 409) is added by `operation()` (docs/contract.md).
 */
export interface OperationSpec {
  operationId: string;
  /** Unless said, the operationId in words, as FastAPI names an operation after its function. */
  summary?: string;
  /** Who may call it (the document's `x-auth`, enforced by server/auth/guard.ts). */
  auth: Auth;
  description?: string;
  parameters?: Parameter[];
  /** The request body: a component schema, as JSON unless other media types are named. */
  body?: SchemaName | { schema: SchemaName; as: readonly string[] };
  /** The success answer: a component schema as JSON ('Successful Response'), or the whole response. */
  ok: SchemaName | Response;
  /** The success status, 200 unless said. */
  status?: 201;
  idempotent?: true;
  /** Refusals beyond the standard ones above, by their name in components.responses. */
  refusals?: RefusalName[];
  /** Answers particular to this operation, by status. */
  answers?: Record<string, Response>;
}

const GUARD_REFUSALS: RefusalName[] = ['Unauthorized', 'Forbidden', 'NotFound', 'BadRequest'];

export const json = (schema: Schema, description = 'Successful Response'): Response => ({
  description,
  content: { 'application/json': { schema } },
});

const refusalRef = (name: RefusalName): Ref => ({ $ref: `#/components/responses/${name}` });

export function operation(tag: string, spec: OperationSpec): OperationObject {
  const parameters: (Parameter | Ref)[] = [...(spec.parameters ?? [])];
  if (spec.idempotent) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  const body = typeof spec.body === 'string' ? { schema: spec.body, as: ['application/json'] } : spec.body;

  const responses: OperationObject['responses'] = {};
  const add = (status: string, response: Response | Ref) => {
    if (status in responses) throw new Error(`${spec.operationId}: two answers with status ${status}`);
    responses[status] = response;
  };
  const refuse = (name: RefusalName) => add(refusals[name].status, refusalRef(name));
  if (spec.auth !== 'none') GUARD_REFUSALS.forEach(refuse);
  add(String(spec.status ?? 200), typeof spec.ok === 'string' ? json(ref(spec.ok)) : spec.ok);
  spec.refusals?.forEach(refuse);
  for (const [status, response] of Object.entries(spec.answers ?? {})) add(status, response);
  if (parameters.length > 0 || body) refuse('ValidationError');
  if (spec.idempotent) refuse('IdempotencyKeyInUse');

  return {
    tags: [tag],
    summary: spec.summary ?? spec.operationId.replace(/[A-Z]/g, ' $&').replace(/^./, (c) => c.toUpperCase()),
    operationId: spec.operationId,
    'x-auth': spec.auth,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.auth !== 'none' ? { security: [{ OAuth2PasswordBearer: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body
      ? {
          requestBody: {
            required: true as const,
            content: Object.fromEntries(body.as.map((type) => [type, { schema: ref(body.schema) }])),
          },
        }
      : {}),
    responses,
  };
}

export interface PathOperation {
  path: string;
  method: Method;
  operation: OperationObject;
}

/** One area's operations, all under its tag: `const { get, post } = area('items')`. */
export function area(tag: string) {
  const as =
    (method: Method) =>
    (path: string, spec: OperationSpec): PathOperation => ({ path, method, operation: operation(tag, spec) });
  return { get: as('get'), post: as('post'), put: as('put'), patch: as('patch'), delete: as('delete') };
}

/** A required path parameter. */
export const inPath = (name: string, schema: Schema): Parameter => ({
  name,
  in: 'path',
  required: true,
  schema,
});

/** A query parameter. */
export const inQuery = (
  name: string,
  schema: Schema,
  required: boolean,
  description?: string,
): Parameter => ({
  name,
  in: 'query',
  required,
  schema,
  ...(description ? { description } : {}),
});
