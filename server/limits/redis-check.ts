import { Redis } from 'ioredis';
import { SettingsError } from '../config.ts';

/** Refusals by Redis itself (a reply to AUTH or SELECT), as opposed to a network that does not answer. */
function isReply(error: unknown): boolean {
  return (error as { name?: string }).name === 'ReplyError';
}

/**
 * Start-up's look at REDIS_URL: a Redis that refuses the URL's password or database index stops start-up
 * (ioredis would count in database 0, another tenant's); one that does not answer is `unreachable`.
 */
export async function checkRedisAtStart(redisUrl: string, timeoutMs = 3_000): Promise<'ok' | 'unreachable'> {
  const url = new URL(redisUrl);
  const db = url.pathname.replace(/^\/+/, '');
  if (db !== '' && !/^\d+$/.test(db)) {
    throw new SettingsError('REDIS_URL', `the database is named by its index (/0, /1 …), got "/${db}"`);
  }
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // ioredis sends AUTH (or HELLO) and SELECT itself while connecting; their refusals only reach its
  // 'error' event (a refused SELECT even leaves the connection usable, on database 0).
  let refusal: Error | undefined;
  client.on('error', (error: Error) => {
    if (isReply(error)) refusal ??= error;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    if (isReply(error)) refusal ??= error as Error;
    if (!refusal) return 'unreachable';
  } finally {
    client.disconnect();
  }
  if (refusal) {
    const message = refusal.message;
    const what = /DB index/i.test(message)
      ? `database ${db}`
      : /WRONGPASS|NOAUTH|AUTH/i.test(message)
        ? url.password || url.username
          ? 'the user and password'
          : 'to serve without a password'
        : 'the connection';
    throw new SettingsError('REDIS_URL', `Redis at ${url.host} refused ${what}: ${message}`);
  }
  return 'ok';
}
