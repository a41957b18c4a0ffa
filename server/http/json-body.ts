import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/** FastAPI's answer to a body it cannot decode (not JSON's syntax: its bytes). */
export const BODY_PARSE_ERROR = 'There was an error parsing the body';

/**
 * JSON bodies are decoded strictly: a body that is not valid UTF-8 (a stray byte, an overlong form, a
 * lone surrogate, a sequence cut short) is refused with 400 and the `detail` FastAPI gives, instead of
 * being read with U+FFFD in place of the bad bytes and stored. The body is collected whole before it is
 * decoded, so a character split across two packets is fine. Then Fastify's own JSON parser (its limits
 * and its refusal of `__proto__` / `constructor.prototype` keys) reads the text. An empty body is no body,
 * whatever its content type says (FastAPI reads none for an operation that takes none; an operation that
 * takes one answers 'Field required' from registerBodyMediaTypeCheck).
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // `fatal` throws at the first malformed sequence; without `stream` every decode starts afresh.
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    if ((body as Buffer).length === 0) {
      done(null, undefined);
      return;
    }
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new HttpError(400, BODY_PARSE_ERROR), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
