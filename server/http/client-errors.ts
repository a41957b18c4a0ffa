import { type IncomingMessage, maxHeaderSize, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them are answered here with the API's `{detail}`
 * body instead of Fastify's (or Node's empty one), then the connection is closed.
 */

/** Node's error codes that mean something more precise than 400. */
const STATUS_BY_CODE: Record<string, number> = {
  // The request line and headers together exceed the limit (16 KiB unless --max-http-header-size).
  HPE_HEADER_OVERFLOW: 431,
  // A chunked body's chunk extensions exceed Node's limit.
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  // headersTimeout / requestTimeout: the request did not arrive in time.
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/** How long a refused client gets to read the answer and close before its connection is cut. */
const CLOSE_GRACE_MS = 1_000;

const answered = new WeakSet<Socket>();

/**
 * The request line alone is over the header limit: 414 says what to shorten (the URL). Known only when
 * the packet that overflowed starts the request, which a URL sent in one piece does; else it stays 431.
 */
function requestLineTooLong(packet: unknown): boolean {
  if (!Buffer.isBuffer(packet) || !/^[A-Z]+ /.test(packet.subarray(0, 16).toString('latin1'))) return false;
  const end = packet.indexOf('\r\n');
  return (end === -1 ? packet.length : end) > maxHeaderSize;
}

/** What Node hands a `clientError` listener (the packet it choked on, for a parse error). */
type ClientError = Error & { code?: string; rawPacket?: unknown };

export function statusForClientError(error: ClientError): number {
  const status = STATUS_BY_CODE[error.code ?? ''] ?? 400;
  return status === 431 && requestLineTooLong(error.rawPacket) ? 414 : status;
}

/** Fastify's `clientErrorHandler` (bound to the instance), also usable on a bare `http.Server`. */
export function clientErrorHandler(
  this: Pick<FastifyInstance, 'log'> | undefined,
  error: ClientError,
  socket: Socket,
): void {
  // A reset connection has no one to answer; the parser may report a socket's error more than once.
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const status = statusForClientError(error);
  this?.log.debug({ err: error, status }, 'request refused by the HTTP parser');
  // As Node's own handler: never write into a response of this connection that has already begun.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const reason = STATUS_CODES[status] ?? 'Bad Request';
  const body = JSON.stringify({ detail: reason });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
  // Ended, not destroyed at once: the client can read the answer while the rest of what it sends is
  // drained (closing with unread input would reset the connection and could lose the answer).
  socket.resume();
  setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
}

/** HTTP/1.1 requires a Host header: Node's own check (off in app.ts) answers with an empty body. */
export function registerHostCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const raw = request.raw;
    if (raw.httpVersionMajor === 1 && raw.httpVersionMinor >= 1 && raw.headers.host === undefined)
      throw new HttpError(400, 'Bad Request');
  });
}

/**
 * A request whose `Expect` header asks for anything but `100-continue`: Node would answer 417 with an
 * empty body and the request never reaches Fastify, so the answer is made here, in the API's shape.
 */
export function registerExpectationCheck(app: FastifyInstance) {
  app.server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify({ detail: STATUS_CODES[417] });
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    // Its body is left unread: the connection is closed after the answer.
    response.writeHead(417, { ...headers, connection: 'close' }).end(body);
  });
}
