/**
 * Turns an event's payload into plain data the inspector can post and show: secrets (passwords,
 * tokens, codes, keys) are replaced by a mask before they leave the app's actor, errors become their
 * name, message and fields, and deep or long values are cut.
 */

export const MASK = '••••••';

const SECRET_KEY =
  /pass(word|phrase)?|token|secret|authori[sz]ation|api[-_]?key|credential|cookie|^code$|otp/i;
const MAX_DEPTH = 6;
const MAX_ITEMS = 50;
const MAX_STRING = 500;

function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

function maskValue(value: unknown): unknown {
  return value === undefined || value === null || value === '' ? value : MASK;
}

function plain(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value === 'function') return '[function]';
  if (typeof value !== 'object') return String(value); // a bigint or a symbol
  const object = value;
  if (seen.has(object)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[…]';
  seen.add(object);
  if (typeof Blob !== 'undefined' && object instanceof Blob) {
    const name = typeof File !== 'undefined' && object instanceof File ? `${object.name}, ` : '';
    return `[${object.constructor.name} ${name}${object.size} bytes]`;
  }
  if ('sessionId' in object && 'send' in object) return `[actor ${String((object as { id?: unknown }).id)}]`;
  if (Array.isArray(object)) {
    const items = object.slice(0, MAX_ITEMS).map((item) => plain(item, depth + 1, seen));
    return object.length > MAX_ITEMS ? [...items, `… ${object.length - MAX_ITEMS} more`] : items;
  }
  const entries: [string, unknown][] = [];
  if (object instanceof Error) entries.push(['error', object.name], ['message', object.message]);
  const record = object as Record<string, unknown>;
  // A field event ({ field: 'password', value }) names its secret in a sibling key.
  const namedSecret = [record.field, record.name].some(
    (name) => typeof name === 'string' && isSecretKey(name),
  );
  for (const [key, item] of Object.entries(record)) {
    if (item === undefined) continue;
    const secret = isSecretKey(key) || (key === 'value' && namedSecret);
    entries.push([key, secret ? maskValue(item) : plain(item, depth + 1, seen)]);
  }
  return Object.fromEntries(entries);
}

/** A value (a machine's context) made safe to post and to show, secrets masked. */
export function maskedValue(value: unknown): unknown {
  return plain(value, 0, new WeakSet());
}

/** The event without its type, safe to post (structured-cloneable) and to show. */
export function maskedPayload(event: { type: string } & Record<string, unknown>): Record<string, unknown> {
  const { type: _type, ...rest } = event;
  return plain(rest, 0, new WeakSet()) as Record<string, unknown>;
}
