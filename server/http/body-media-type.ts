import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';
import type { ValidationIssue } from './validation.ts';

type BodySchema = { content?: Record<string, { schema?: { required?: unknown } }> };

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

const missing = (...loc: string[]): ValidationIssue => ({
  loc: ['body', ...loc],
  msg: 'Field required',
  type: 'missing',
});

/**
 * Fastify validates a body only when its media type is one the operation declares: a missing, empty or
 * other-typed body would reach the handler unchecked. Refused here as FastAPI does: 422 at the body.
 */
export function registerBodyMediaTypeCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const body = (request.routeOptions.schema as { body?: BodySchema } | undefined)?.body;
    const declared = Object.keys(body?.content ?? {});
    if (declared.length === 0) return;
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    // An empty JSON body parses to undefined (json-body.ts); multipart is read later, by the handler.
    if (declared.includes(mediaType) && (request.body !== undefined || mediaType !== 'application/json'))
      return;
    // Every request body of the API is required (see openapi.json).
    let issues = [missing()];
    if (declared.every((type) => FORM_TYPES.includes(type))) {
      // A form operation reads no fields from another media type: each required field is missing.
      const required = body?.content?.[declared[0] ?? '']?.schema?.required;
      if (Array.isArray(required) && required.length > 0) issues = required.map((n) => missing(String(n)));
    } else if (request.body !== undefined && request.body !== null) {
      issues = [
        {
          loc: ['body'],
          msg: 'Input should be a valid dictionary or object to extract fields from',
          type: 'model_attributes_type',
        },
      ];
    }
    throw new HttpError(422, issues);
  });
}
