/** The subset of OpenAPI 3.1 this document uses, each keyword named: a misspelt one does not compile. */

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';

export interface Schema {
  $ref?: string;
  type?: JsonType | JsonType[];
  format?: 'email' | 'uuid' | 'date' | 'date-time' | 'binary';
  enum?: readonly string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: string | number | boolean;
  title?: string;
  description?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
}

export type Ref = { $ref: string };

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
  description?: string;
  example?: string;
}

export interface Response {
  description: string;
  headers?: Record<string, { schema: Schema }>;
  content?: Record<string, { schema: Schema }>;
}

export type Auth = 'none' | 'user' | 'superuser';
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** An operation as the document holds it (the key order is the document's). */
export interface OperationObject {
  tags: string[];
  summary: string;
  operationId: string;
  /** Who may call it; read by server/auth/guard.ts. */
  'x-auth': Auth;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: (Parameter | Ref)[];
  requestBody?: { required: true; content: Record<string, { schema: Schema }> };
  responses: Record<string, Response | Ref>;
}

export interface Document {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Partial<Record<Method, OperationObject>>>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, unknown>;
    parameters: Record<string, Parameter>;
  };
}
