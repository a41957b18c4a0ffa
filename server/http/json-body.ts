import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/** FastAPI's answer to a body it cannot decode (not JSON's syntax: its bytes). */
export const BODY_PARSE_ERROR = 'There was an error parsing the body';

/**
 * JSON bodies are decoded strictly (invalid UTF-8 is FastAPI's 400, not U+FFFD stored), then parsed by
 * Fastify's own parser. An empty body is no body, whatever its content type says.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // `fatal` throws at the first malformed sequence; without `stream` every decode starts afresh.
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    if ((body as Buffer).length === 0) return done(null, undefined);
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(new HttpError(400, BODY_PARSE_ERROR), undefined);
    }
    parseJson(request, text, done);
  });
}
