import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';
import type { ValidationIssue } from './validation.ts';

type BodySchema = { content?: Record<string, { schema?: { required?: unknown } }> };

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * Fastify validates a body only when its media type is one the operation declares: a missing body, or
 * one of another type (text/plain has a built-in parser, a form where JSON belongs) would reach the
 * handler unchecked; so would an empty body of the declared type. Refused here as FastAPI does: 422 at
 * the body's location, nothing stored.
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
    let issues: ValidationIssue[] = [{ loc: ['body'], msg: 'Field required', type: 'missing' }];
    if (declared.every((type) => FORM_TYPES.includes(type))) {
      // A form operation reads no fields from another media type: each required field is missing.
      const required = body?.content?.[declared[0] ?? '']?.schema?.required;
      if (Array.isArray(required) && required.length > 0)
        issues = required.map((name) => ({
          loc: ['body', String(name)],
          msg: 'Field required',
          type: 'missing',
        }));
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
