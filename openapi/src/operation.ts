import type { RefusalName, SchemaName } from './components.ts';
import { ref } from './schema.ts';
import type { Auth, Method, OperationObject, Parameter, Ref, Response, Schema } from './types.ts';

/**
 * How an operation is written: what is particular to it. What every operation of its kind has is added
 * here, the same way each time:
 * - `auth` other than 'none': the bearer security requirement and the guard's refusals, first —
 *   401 no token, 403 bad token or not enough privileges, 404 its user gone, 400 inactive user;
 * - any input (parameters, a body, the idempotency header): 422, FastAPI's validation error;
 * - `idempotent`: the `Idempotency-Key` header (server/http/idempotency.ts keys on it) and its 409.
 */
export interface OperationSpec {
  operationId: string;
  summary: string;
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

export const REFUSAL_STATUS: Record<RefusalName, string> = {
  BadRequest: '400',
  Unauthorized: '401',
  Forbidden: '403',
  NotFound: '404',
  Conflict: '409',
  PayloadTooLarge: '413',
  UnsupportedMediaType: '415',
  ValidationError: '422',
  TooManyRequests: '429',
  IdempotencyKeyInUse: '409',
};

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
  const refuse = (name: RefusalName) => add(REFUSAL_STATUS[name], refusalRef(name));
  if (spec.auth !== 'none') GUARD_REFUSALS.forEach(refuse);
  add(String(spec.status ?? 200), typeof spec.ok === 'string' ? json(ref(spec.ok)) : spec.ok);
  spec.refusals?.forEach(refuse);
  for (const [status, response] of Object.entries(spec.answers ?? {})) add(status, response);
  if (parameters.length > 0 || body) refuse('ValidationError');
  if (spec.idempotent) refuse('IdempotencyKeyInUse');

  return {
    tags: [tag],
    summary: spec.summary,
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
