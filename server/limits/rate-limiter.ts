import { Redis } from 'ioredis';
import {
  type IRateLimiterStoreOptions,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { RateLimit, RateLimits } from '../config.ts';
import { HttpError } from '../http/errors.ts';

export type LimitName = Exclude<keyof RateLimits, 'enabled'>;

const tooMany = (retryAfterMs: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, `Too many requests. Try again in ${seconds} seconds.`, {
    'Retry-After': String(seconds),
  });
};

export interface Limiter {
  /** Counts one request against `key`; throws 429 when the limit is exceeded. */
  consume(name: LimitName, key: string): Promise<void>;
  /** Throws 429 if `key` is already over its limit, without counting (e.g. before checking a password). */
  check(name: LimitName, key: string): Promise<void>;
  reset(name: LimitName, key: string): Promise<void>;
  readonly backend: 'memory' | 'redis' | 'off';
  /** Resolves when the shared store answers (always, without one); for the readiness check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Fixed-window counters per limit and key (client address or account), kept in Redis when REDIS_URL is
 * set, so several server processes share them, and in memory otherwise.
 */
export function createLimiter(
  limits: RateLimits,
  redisUrl: string | undefined,
  keyPrefix = 'starter',
): Limiter {
  const names = Object.keys(limits).filter((k): k is LimitName => k !== 'enabled');
  if (!limits.enabled) {
    return {
      consume: async () => {},
      check: async () => {},
      reset: async () => {},
      backend: 'off',
      ping: async () => {},
      close: async () => {},
    };
  }
  const redis = redisUrl
    ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  redis?.on('error', () => {}); // reconnects by itself; a request during an outage is let through below
  const make = (name: LimitName, limit: RateLimit) => {
    const options: IRateLimiterStoreOptions = {
      keyPrefix: `${keyPrefix}:rl:${name}`,
      points: limit.points,
      duration: limit.seconds,
      storeClient: redis,
    };
    return redis
      ? new RateLimiterRedis({ ...options, insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options);
  };
  const limiters = new Map(names.map((name) => [name, make(name, limits[name])]));
  const get = (name: LimitName) => {
    const limiter = limiters.get(name);
    if (!limiter) throw new Error(`unknown limit ${name}`);
    return limiter;
  };
  return {
    backend: redis ? 'redis' : 'memory',
    async consume(name, key) {
      try {
        await get(name).consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
        throw error;
      }
    },
    async check(name, key) {
      const limiter = get(name);
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= limiter.points) throw tooMany(state.msBeforeNext);
    },
    async reset(name, key) {
      await get(name).delete(key);
    },
    async ping() {
      await redis?.ping();
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
