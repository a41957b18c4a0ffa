import type { FastifyBaseLogger } from 'fastify';
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
 *
 * Redis down: each process falls back to counting in its own memory (rate-limiter-flexible's insurance
 * limiter) rather than letting everything through, so a login brute force still meets a limit, only a
 * per-process one. The outage is logged as an error once, its end once; readiness reports it (ping).
 */
export function createLimiter(
  limits: RateLimits,
  redisUrl: string | undefined,
  keyPrefix = 'starter',
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>,
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
  // ioredis reconnects by itself; meanwhile every limiter below counts in memory (insuranceLimiter).
  let reachable = true;
  let closing = false;
  const lost = (error?: unknown) => {
    if (!reachable || closing) return;
    reachable = false;
    log?.error(
      { err: error, redis: redisUrl && new URL(redisUrl).host },
      'rate limits: Redis is unreachable; each server process counts on its own until it is back',
    );
  };
  redis?.on('error', lost);
  redis?.on('close', () => lost());
  redis?.on('ready', () => {
    if (reachable) return;
    reachable = true;
    log?.warn('rate limits: Redis is back; counts are shared again');
  });
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
      closing = true;
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
