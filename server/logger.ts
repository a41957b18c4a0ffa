import { hostname } from 'node:os';
import type { FastifyRequest } from 'fastify';
import { pino } from 'pino';
import { API_PREFIX } from '../openapi/prefix.ts';
import type { LOG_FORMATS, Settings } from './config.ts';

export type Logger = pino.Logger;
export type LogFormat = (typeof LOG_FORMATS)[number];

type LoggerSettings = Pick<Settings, 'logLevel' | 'logFormat' | 'deployed'>;

// ---------------------------------------------------------------------------------------------------
// What never reaches a log line

/** The recovery paths carry an address in the path: the request line keeps only the path's shape. */
const ADDRESS_IN_PATH = new RegExp(
  `^(${API_PREFIX.replace(/\//g, '\\/')}\\/(?:password-recovery|password-recovery-html-content)\\/)[^?]*`,
);
/** Query parameters that are credentials: a reset token, a signed file link's signature. */
const SECRET_PARAMETER = /([?&](?:token|sig|code|confirm_code|password)=)[^&#\s"\\]*/gi;

/** A request URL as logged: the recovery address and credentials in the query replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(ADDRESS_IN_PATH, '$1[redacted]').replace(SECRET_PARAMETER, '$1[redacted]');
}

const EMAIL_ADDRESS = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*(@|%40)((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})\b/g;
const JWT = /\beyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]+/g;
/** Drizzle's query errors end with the query's parameters (hashed passwords, tokens, addresses). */
const QUERY_PARAMETERS = /(\\n|\n)params: .*?(?=(?<!\\)"|$)/g;

/**
 * An e-mail address as production logs show it (`j***@example.com`): enough to tell support cases apart,
 * not to mail anyone. A hash an operator cannot read, and a list of addresses undoes it in seconds.
 */
export function maskEmail(address: string): string {
  return address.replace(EMAIL_ADDRESS, '$1***$2$3');
}

/** Last guard on a deployed server's lines: addresses masked; credentials, JWTs, query params withheld. */
export function scrubLine(line: string): string {
  return maskEmail(line)
    .replace(SECRET_PARAMETER, '$1[redacted]')
    .replace(JWT, '[jwt]')
    .replace(QUERY_PARAMETERS, '$1params: [withheld]');
}

const serializers = {
  // Fastify's own request serializer, with the URL redacted.
  req: (request: Partial<FastifyRequest>) => ({
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

// ---------------------------------------------------------------------------------------------------
// Pretty lines for a terminal

const LEVELS: Record<number, [string, string]> = {
  10: ['TRACE', '\x1b[90m'],
  20: ['DEBUG', '\x1b[36m'],
  30: ['INFO ', '\x1b[32m'],
  40: ['WARN ', '\x1b[33m'],
  50: ['ERROR', '\x1b[31m'],
  60: ['FATAL', '\x1b[41m'],
};
const OMITTED = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'err']);

function formatValue(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  // A measurement (pino's responseTime: 12.345678912345) to a precision a person reads.
  if (typeof value === 'number' && !Number.isInteger(value)) {
    return String(Math.abs(value) >= 1 ? Number(value.toFixed(1)) : Number(value.toPrecision(2)));
  }
  return JSON.stringify(value);
}

/** `key=value` for each field, a nested object's as `key.inner=value` (`res.statusCode=200`). */
function fieldsOf(key: string, value: unknown): string[] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([inner, v]) => fieldsOf(`${key}.${inner}`, v));
  }
  return [`${key}=${formatValue(value)}${key === 'responseTime' ? 'ms' : ''}`];
}

/**
 * One JSON line as a person reads it: `12:34:56.789 INFO  message key=value …`, the request's id in
 * brackets, an error's stack below it. Colours only on a terminal.
 */
export function prettyLine(line: string, colours: boolean): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  const time = new Date(Number(entry.time)).toISOString().slice(11, 23);
  const [name, colour] = LEVELS[Number(entry.level)] ?? [String(entry.level), ''];
  const level = colours ? `${colour}${name}\x1b[0m` : name;
  const request = entry.reqId === undefined ? '' : ` [${String(entry.reqId).slice(0, 8)}]`;
  const fields = Object.entries(entry)
    .filter(([key]) => !OMITTED.has(key))
    .flatMap(([key, value]) => fieldsOf(key, value))
    .join(' ');
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n    ${(err.stack ?? err.message ?? '').replace(/\n/g, '\n    ')}` : '';
  return `${time} ${level}${request} ${entry.msg ?? ''}${fields ? ` ${colours ? '\x1b[90m' : ''}${fields}${colours ? '\x1b[0m' : ''}` : ''}${stack}\n`;
}

// ---------------------------------------------------------------------------------------------------

/**
 * The process's one logger, from start-up on; Fastify's request logs are its children. JSON or pretty
 * lines (LOG_FORMAT); a deployed server's lines pass through `scrubLine`.
 */
export function createLogger(
  settings: LoggerSettings,
  destination: { write(line: string): unknown } = pino.destination(1),
): Logger {
  const colours = settings.logFormat === 'pretty' && Boolean(process.stdout.isTTY);
  const transform = (line: string) => {
    const clean = settings.deployed ? scrubLine(line) : line;
    return settings.logFormat === 'pretty' ? prettyLine(clean, colours) : clean;
  };
  return pino(
    { level: settings.logLevel, serializers },
    { write: (line) => destination.write(transform(line)) },
  );
}

/** A start-up failure as its last line, written synchronously: the process exits right after. */
export function writeFatal(message: string, format: LogFormat, deployed: boolean) {
  const text = `Start-up failed: ${message}`;
  if (format === 'json') {
    const line = `${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, hostname: hostname(), msg: text })}\n`;
    process.stdout.write(deployed ? scrubLine(line) : line);
  } else {
    process.stderr.write(`${deployed ? scrubLine(text) : text}\n`);
  }
}
