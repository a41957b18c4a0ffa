import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import {
  type IRateLimiterOptions,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { LimitName, RateLimits, Settings } from '../config.ts';
import { HttpError, tooManyRequests } from '../http/errors.ts';

export interface Limiter {
  /** Counts one request against `key` (an account limit's: hashed); throws 429 when the limit is exceeded. */
  consume(name: LimitName, key: string): Promise<void>;
  /**
   * Runs `verify` (a password check of `account` from `source`) under the login limits: a failure is
   * counted before it runs and a right password clears the account's failures. A 429 waits for this
   * process's checks of the account under way, so parallel correct logins never lock the owner out.
   */
  checkLogin(account: string, source: string, verify: () => Promise<boolean>): Promise<boolean>;
  /** Clears every login failure counted against `account`, any case (the superusers' unlock, `admin unlock`). */
  unlockLogin(account: string): Promise<void>;
  readonly backend: 'memory' | 'redis' | 'off';
  /** False while Redis is unreachable or stalled and each process counts on its own. */
  readonly shared: boolean;
  /** Resolves when the shared store answers (always, without one): one ping, or within `withinMs`. */
  ping(withinMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface LimiterOptions {
  redisUrl?: string;
  keyPrefix?: string;
  /** Keys the hash an account is kept under (SECRET_KEY): a list of addresses does not find it. */
  accountKeySecret?: string;
  /** How long one Redis command may take before Redis counts as unreachable. */
  redisTimeoutMs?: number;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/** Resolves once `redis` is ready: a connection being made is waited for up to `ms`; one known down fails. */
function connectionReady(redis: Redis, ms: number): Promise<void> {
  const { status } = redis;
  if (status === 'ready') return Promise.resolve();
  if (status !== 'connecting' && status !== 'connect') {
    return Promise.reject(new Error(`Redis connection is ${status}`));
  }
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(timer);
      redis.off('ready', ready);
      redis.off('error', failed);
      redis.off('close', closed);
      if (error) reject(error);
      else resolve();
    };
    const ready = () => settle();
    const failed = (error: Error) => settle(error);
    const closed = () => settle(new Error('Redis connection closed'));
    const timer = setTimeout(() => settle(new Error(`Redis not connected within ${ms} ms`)), Math.max(0, ms));
    redis.on('ready', ready);
    redis.on('error', failed);
    redis.on('close', closed);
  });
}

/**
 * Whether Redis answers within `withinMs` (the readiness probe): a connection still being made is waited
 * for and a ping that used its whole command bound is sent again while time is left; one that failed
 * sooner (refused, lost) is the answer (docs/reliability.md › Readiness).
 */
async function pingWithin(redis: Redis, withinMs: number, commandMs: number): Promise<void> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    // Not awaited when ready: the ping leaves now, not after the caller's current task.
    if (redis.status !== 'ready') await connectionReady(redis, deadline - performance.now());
    const sent = performance.now();
    try {
      await redis.ping();
      return;
    } catch (error) {
      const now = performance.now();
      if (now - sent < commandMs || now >= deadline) throw error;
    }
  }
}

/** Bounds each connection attempt by `ms` as `answeredWithin` bounds a reply; then ioredis retries. */
function connectWithin(redis: Redis, ms: number) {
  let attempt = 0;
  redis.on('connecting', () => {
    const mine = ++attempt;
    const judge = () => {
      if (mine !== attempt || redis.status !== 'connecting') return;
      redis.stream?.destroy(Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' }));
    };
    setTimeout(() => setImmediate(judge), ms).unref();
  });
}

/** Bounds `operation` by `ms`; the timeout waits for the check phase, so a reply that came in time wins. */
export async function answeredWithin<T>(operation: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => setImmediate(() => reject(new Error(`Redis did not answer within ${ms} ms`))),
      ms,
    );
  });
  try {
    return await Promise.race([operation, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The limiter the settings describe. */
export const limiterOf = (settings: Settings, log?: LimiterOptions['log']) =>
  createLimiter(settings.rateLimits, {
    redisUrl: settings.redisUrl,
    keyPrefix: settings.redisKeyPrefix,
    accountKeySecret: settings.secretKey,
    redisTimeoutMs: settings.redisTimeoutMs,
    log,
  });

const PAIR_SEPARATOR = '|';

/** A login's turn at the limits: its password check, or the checks to wait for before asking again. */
type Reservation = { check: Promise<boolean> } | { waitFor: Promise<boolean>[] };

/** The limits that guard an account, counted in each process too: a fallback never starts from zero. */
const ACCOUNT_LIMITS = new Set<LimitName>([
  'loginFailuresPerAccount',
  'loginFailuresPerAccountAndIp',
  'recoveryPerAccount',
  'confirmPerAccount',
]);
/** Keys each account limit holds in a process; past it the oldest window is dropped. */
const LOCAL_COUNTS_MAX = 100_000;

/** One key's count in this process: what Redis last answered plus this process's attempts since. */
interface LocalCount {
  points: number;
  expiresAt: number;
  /** Attempts counted here while Redis was out, not yet added to Redis's count. */
  unshared: boolean;
}

/** Fixed-window counts of one account limit, in memory, at most LOCAL_COUNTS_MAX keys. */
class LocalCounts {
  readonly #counts = new Map<string, LocalCount>();
  constructor(readonly windowMs: number) {}

  /** Counts one attempt on `key` (in a new window when the last one is over) and returns its entry. */
  add(key: string, now: number): LocalCount {
    const current = this.#counts.get(key);
    if (current && current.expiresAt > now) {
      current.points += 1;
      return current;
    }
    // A new window goes to the end of the map, so the first key is always the oldest window.
    if (current) this.#counts.delete(key);
    else if (this.#counts.size >= LOCAL_COUNTS_MAX) {
      const oldest = this.#counts.keys().next().value;
      if (oldest !== undefined) this.#counts.delete(oldest);
    }
    const fresh: LocalCount = { points: 1, expiresAt: now + this.windowMs, unshared: false };
    this.#counts.set(key, fresh);
    return fresh;
  }

  delete(key: string) {
    this.#counts.delete(key);
  }

  /** Deletes every key that starts with `prefix` (an unlock: rare, so a walk over the map will do). */
  deletePrefixed(prefix: string) {
    for (const key of this.#counts.keys()) if (key.startsWith(prefix)) this.#counts.delete(key);
  }
}

/**
 * Fixed-window counters per limit and key, in Redis when REDIS_URL is set (shared by every process), else
 * in memory. Every Redis command is bounded; the first failure switches this process to its own counters
 * until a ping every second answers (docs/reliability.md › Lockout and Redis stalls).
 */
export function createLimiter(limits: RateLimits, options: LimiterOptions = {}): Limiter {
  const { redisUrl, keyPrefix = 'starter', redisTimeoutMs = 250, log, accountKeySecret = '' } = options;
  // An account's counters are kept under a keyed hash of its lower-cased address, never the address.
  const accountKey = (account: string) =>
    createHmac('sha256', accountKeySecret).update(account.toLowerCase()).digest('base64url');
  const names = Object.keys(limits).filter((k): k is LimitName => k !== 'enabled');
  if (!limits.enabled) {
    return {
      consume: async () => {},
      checkLogin: (_account, _source, verify) => verify(),
      unlockLogin: async () => {},
      backend: 'off',
      shared: true,
      ping: async () => {},
      close: async () => {},
    };
  }
  const commandBackstopMs = Math.max(1_000, 4 * redisTimeoutMs);
  const redis = redisUrl
    ? new Redis(redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        // Backstops only, so commands to a frozen Redis do not pile up: the bounds are `answeredWithin`
        // and `connectWithin`, which a reply or connection read late by a busy process does not trip.
        commandTimeout: commandBackstopMs,
        connectTimeout: 0,
        lazyConnect: false,
      })
    : undefined;
  if (redis) connectWithin(redis, Math.max(1_000, redisTimeoutMs));
  const prefixOf = (name: LimitName) => `${keyPrefix}:rl:${name}`;
  const memory = new Map<LimitName, RateLimiterMemory>();
  const localCounts = new Map<LimitName, LocalCounts>();
  const store = new Map<LimitName, RateLimiterRedis>();
  for (const name of names) {
    const { points, seconds } = limits[name];
    const options: IRateLimiterOptions = { keyPrefix: prefixOf(name), points, duration: seconds };
    if (ACCOUNT_LIMITS.has(name)) localCounts.set(name, new LocalCounts(seconds * 1000));
    else memory.set(name, new RateLimiterMemory(options));
    if (redis) store.set(name, new RateLimiterRedis({ ...options, storeClient: redis }));
  }

  let shared = Boolean(redis);
  let closing = false;
  let probe: NodeJS.Timeout | undefined;
  const lost = (error: unknown) => {
    if (!shared || closing || !redis) return;
    shared = false;
    log?.error(
      { err: error, redis: redisUrl && new URL(redisUrl).host },
      'rate limits: Redis is unreachable; each server process counts on its own until it is back',
    );
    probe = setInterval(() => {
      redis.ping().then(
        () => {
          if (shared || closing) return;
          shared = true;
          clearInterval(probe);
          log?.warn('rate limits: Redis is back; counts are shared again');
        },
        () => {},
      );
    }, 1_000);
    probe.unref();
  };
  redis?.on('error', lost);
  redis?.on('close', () => lost(new Error('connection closed')));

  /** Clears an account limit's key here, and in Redis while it answers. */
  const forget = async (name: LimitName, key: string) => {
    localCounts.get(name)?.delete(key);
    const remote = store.get(name);
    if (shared && remote) await answeredWithin(remote.delete(key), redisTimeoutMs).catch(lost);
  };
  /** An account limit: counted here first, then in Redis while it answers, whose count this process takes. */
  const consumeCounted = async (name: LimitName, counts: LocalCounts, key: string) => {
    const { points: allowed } = limits[name];
    const entry = counts.add(key, Date.now());
    // This attempt's place in this process's count: those after it were started later.
    const place = entry.points;
    const remote = store.get(name);
    if (shared && remote) {
      let answer: RateLimiterRes | undefined;
      try {
        answer = await answeredWithin(remote.consume(key), redisTimeoutMs);
      } catch (error) {
        if (error instanceof RateLimiterRes) answer = error;
        else lost(error);
      }
      if (answer) {
        let counted = answer.consumedPoints;
        let leftMs = answer.msBeforeNext;
        if (entry.unshared && place > counted) {
          // Attempts this process counted while Redis was out: added to Redis's count, so that every
          // process sees them and a lower count there does not forget them.
          try {
            const pushed = await answeredWithin(remote.penalty(key, place - counted), redisTimeoutMs);
            counted = pushed.consumedPoints;
            leftMs = pushed.msBeforeNext;
            entry.unshared = false;
          } catch (error) {
            lost(error);
            counted = place;
          }
        } else entry.unshared = false;
        entry.points = counted + (entry.points - place);
        if (leftMs > 0) entry.expiresAt = Date.now() + leftMs;
        if (counted > allowed) throw tooManyRequests(leftMs);
        return;
      }
    }
    // Not in Redis (or not known to be): this process's count decides, every attempt it started included.
    entry.unshared = true;
    if (entry.points > allowed) throw tooManyRequests(entry.expiresAt - Date.now());
  };
  /** A limit per address: in the shared store while it answers, else (and on its first failure) in memory. */
  const count = async (name: LimitName, key: string) => {
    const counts = localCounts.get(name);
    if (counts) return consumeCounted(name, counts, key);
    const remote = store.get(name);
    try {
      if (shared && remote) {
        try {
          return void (await answeredWithin(remote.consume(key), redisTimeoutMs));
        } catch (error) {
          if (error instanceof RateLimiterRes) throw error;
          lost(error);
        }
      }
      await memory.get(name)?.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(error.msBeforeNext);
      throw error;
    }
  };

  const pairKey = (account: string, source: string) => `${account}${PAIR_SEPARATOR}${source}`;
  /** Per account, in this process: its reservations' turn, its password checks under way (`checkLogin`). */
  const logins = new Map<string, { turn: Promise<unknown>; checks: Set<Promise<boolean>>; users: number }>();

  return {
    backend: redis ? 'redis' : 'memory',
    get shared() {
      return shared;
    },
    consume: (name, key) => count(name, ACCOUNT_LIMITS.has(name) ? accountKey(key) : key),
    async checkLogin(email, source, verify) {
      const account = accountKey(email);
      const pair = pairKey(account, source);
      const state = logins.get(account) ?? { turn: Promise.resolve(), checks: new Set(), users: 0 };
      logins.set(account, state);
      state.users += 1;
      try {
        for (;;) {
          // One reservation of the account at a time, so that a refused one sees every check before it.
          const reserved = state.turn.then(async (): Promise<Reservation> => {
            try {
              await count('loginFailuresPerAccountAndIp', pair);
              await count('loginFailuresPerAccount', account);
            } catch (error) {
              if (error instanceof HttpError && error.statusCode === 429 && state.checks.size > 0)
                return { waitFor: [...state.checks] };
              throw error;
            }
            const check = (async () => {
              const valid = await verify();
              if (valid) {
                await forget('loginFailuresPerAccountAndIp', pair);
                await forget('loginFailuresPerAccount', account);
              }
              return valid;
            })();
            state.checks.add(check);
            return { check };
          });
          state.turn = reserved.catch(() => {});
          const next = await reserved;
          if ('waitFor' in next) {
            await Promise.allSettled(next.waitFor);
            continue;
          }
          try {
            return await next.check;
          } finally {
            state.checks.delete(next.check);
          }
        }
      } finally {
        state.users -= 1;
        if (state.users === 0) logins.delete(account);
      }
    },
    async unlockLogin(email) {
      const account = accountKey(email);
      localCounts.get('loginFailuresPerAccount')?.delete(account);
      localCounts.get('loginFailuresPerAccountAndIp')?.deletePrefixed(pairKey(account, ''));
      if (!redis) return;
      // Always asked of Redis, even while this process counts in memory: the lock that matters is there.
      const pattern = `${prefixOf('loginFailuresPerAccountAndIp')}:${account}${PAIR_SEPARATOR}*`; // base64url: no glob characters;
      try {
        await store.get('loginFailuresPerAccount')?.delete(account);
        const stream = redis.scanStream({ match: pattern, count: 1_000 });
        for await (const keys of stream as AsyncIterable<string[]>) {
          if (keys.length > 0) await redis.del(...keys);
        }
      } catch (error) {
        lost(error);
        // The shared counters still hold the lock: saying "unlocked" now would be untrue.
        throw new HttpError(503, 'The shared rate-limit store is not answering. Try again shortly.', {
          'Retry-After': '5',
        });
      }
    },
    async ping(withinMs) {
      if (!redis) return;
      if (withinMs === undefined) await answeredWithin(redis.ping(), redisTimeoutMs);
      else await pingWithin(redis, withinMs, commandBackstopMs);
    },
    async close() {
      closing = true;
      clearInterval(probe);
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
