import type { FastifyError, FastifyInstance } from 'fastify';
import { causeChain } from '../db/errors.ts';
import { ping } from '../db/index.ts';
import { HttpError } from './errors.ts';
import { createOutageLog } from './outage-log.ts';
import { toValidationIssues } from './validation.ts';

/** The connection lost, or the server shut down. */
const CONNECTION_LOST = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03'];
// Cancelled by statement_timeout, ended idle in a transaction, a lock not granted: nothing was committed.
const UNAVAILABLE_CODES = new Set([...CONNECTION_LOST, '57014', '25P03', '55P03']);

/** A lost connection or a timed-out statement (its code or words, and message): not done, so 503, not 500. */
export function databaseOutage(error: unknown): { cause: string; message: string } | undefined {
  for (const { code, message } of causeChain(error, 4)) {
    const text = typeof message === 'string' ? message : '';
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) {
      return { cause: code, message: text };
    }
    const known = LOST_MESSAGES.exec(text);
    if (known) return { cause: known[0].toLowerCase(), message: text };
  }
  return undefined;
}

const LOST_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout/i;

const JSON_DECODE_ERROR = { detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] };

/** The one place errors become responses: FastAPI's shapes, no stack traces. */
export function registerErrorHandler(app: FastifyInstance) {
  const outages = createOutageLog(app.log, { what: 'database', probe: () => ping(app.db) });
  app.addHook('onClose', async () => outages.stop());
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const part = fastifyError.validationContext ?? 'body';
      return reply.code(422).send({ detail: toValidationIssues(fastifyError.validation, part) });
    }
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(422).send(JSON_DECODE_ERROR);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return reply.code(413).send({ detail: 'Request body is too large' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ detail: 'Unsupported Media Type' });
    }
    if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
      return reply.code(422).send(JSON_DECODE_ERROR);
    }
    const status = fastifyError.statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message || 'Bad Request' });
    }
    // busboy's parse errors carry no status: a malformed multipart body is the client's (tests/api/fuzz.test.ts).
    if (/^(Multipart: |Unexpected end of (multipart data|form)|Malformed part header)/.test(error.message)) {
      return reply.code(400).send({ detail: 'There was an error parsing the body' });
    }
    const outage = databaseOutage(error);
    if (outage) {
      // Once per cause per few seconds, without a stack: an outage fails every request alike.
      outages.report(outage.cause, outage.message);
      return reply.code(503).header('Retry-After', '1').send({ detail: 'Service Unavailable' });
    }
    request.log.error({ err: error }, 'unhandled error');
    request.server.errorReporter.report(error, {
      id: request.id,
      method: request.method,
      path: request.url.split('?', 1)[0] ?? request.url,
      route: request.routeOptions.url,
    });
    return reply.code(500).send({ detail: 'Internal Server Error' });
  });
}
