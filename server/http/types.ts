import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../openapi/schema.d.ts';

// Request types come from the OpenAPI document (through the generated client types), never by hand.
type Op<K extends keyof operations> = operations[K];
type JsonBody<K extends keyof operations> =
  Op<K> extends { requestBody: { content: infer C } }
    ? C extends { 'application/json': infer B }
      ? B
      : C extends { 'application/x-www-form-urlencoded': infer F }
        ? F
        : never
    : Op<K> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? B | undefined
      : undefined;
type PathParams<K extends keyof operations> = Op<K>['parameters'] extends { path: infer P } ? P : undefined;
type QueryParams<K extends keyof operations> = Op<K>['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : undefined;

export type OperationId = keyof operations;

export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Body: JsonBody<K>;
  Params: PathParams<K>;
  Querystring: QueryParams<K>;
}>;

export type OperationHandler<K extends OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<unknown>;

export type OperationHandlers<K extends OperationId = OperationId> = { [P in K]: OperationHandler<P> };
