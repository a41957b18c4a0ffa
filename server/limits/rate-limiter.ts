import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import {
  type IRateLimiterOptions,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { LimitName, RateLimit, RateLimits, Settings } from '../config.ts';
import { HttpError } from '../http/errors.ts';

const tooMany = (retryAfterMs: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, `Too many requests. Try again in ${seconds} seconds.`, {
    'Retry-After': String(seconds),
  });
};

export interface Limiter {
  /** Counts one request against `key` (an account limit's: hashed); throws 429 when the limit is exceeded. */
  consume(name: LimitName, key: string): Promise<void>;
  /**
   * Runs `verify` (a password check of `account` from `source`) under the login limits: a failure is
   * counted before it runs, atomically in the shared store, so concurrent guesses cannot slip past the
   * limit while hashes are checked; a right password gives it back and clears the account's failures.
   * Throws 429 when the account, or the account from this source, has used its attempts — only once this
   * process's checks of the account under way have ended, since a right one among them clears the count:
   * parallel correct logins (an office behind one address, a client retrying) never lock the owner out.
   */
  checkLogin(account: string, source: string, verify: () => Promise<boolean>): Promise<boolean>;
  /** Clears every login failure counted against `account`, any case (the superusers' unlock, `admin unlock`). */
  unlockLogin(account: string): Promise<void>;
  readonly backend: 'memory' | 'redis' | 'off';
  /** False while Redis is unreachable or stalled and each process counts on its own. */
  readonly shared: boolean;
  /**
   * Resolves when the shared store answers (always, without one). Without `withinMs`, one ping bounded by
   * REDIS_TIMEOUT_MS (`answeredWithin`). With it, whether Redis answers within `withinMs`: a connection
   * still being made (start-up, a reconnect under way) is waited for, and a ping cut by the client's
   * command backstop is sent again while the bound lasts (see `pingWithin`).
   */
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

/**
 * Resolves once `redis` is ready. A connection being made is waited for, up to `ms`; one known to be down
 * (closed, waiting to reconnect after a failure, ended) rejects at once, as does a failed attempt.
 */
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
 * Whether Redis answers within `withinMs`, for the readiness probe, whose bound is its own, not one
 * command's. Right after start the connection may not be ready yet (with no offline queue a command
 * then fails at once), and on a busy machine a ping's reply can sit unread behind a blocked event loop
 * while the REDIS_TIMEOUT_MS timer fires first (timers run before I/O): neither is an outage. A ping that
 * used its whole command bound is therefore sent again while time is left; one that failed sooner
 * (a refused or lost connection) is the answer. A frozen Redis takes the whole bound.
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

/**
 * Bounds each connection attempt of `redis` by `ms`, by the rule of `answeredWithin`: the timeout waits
 * for the loop's next check phase, after pending I/O, so a connection that completed while this process
 * was busy is read before it is judged. One still not made is destroyed: an error, then ioredis retries.
 */
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

/**
 * Bounds one limiter command by `ms` without mistaking a busy process for a slow Redis: when this
 * process's event loop was blocked (a loaded machine), the timer runs before the reply already waiting
 * on the socket is read (timers run before I/O in Node's loop). The timeout therefore waits for the
 * loop's next check phase, after pending I/O: a reply that had arrived in time wins, and only a Redis
 * that really did not answer (stalled, frozen, gone) counts as an outage.
 */
async function answeredWithin<T>(operation: Promise<T>, ms: number): Promise<T> {
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

/**
 * The limits that guard an account (a password, a code, an inbox): each process keeps its own count of
 * them even while Redis answers, so a fallback to memory never starts from zero. The per-address limits
 * are not mirrored: their memory would grow with every request.
 */
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
 * Fixed-window counters per limit and key (client address, account, or account and address), kept in
 * Redis when REDIS_URL is set, so every server process and host shares them, and in memory otherwise.
 *
 * Redis unreachable or stalled: every command is bounded (`redisTimeoutMs`, no offline queue; a reply
 * already waiting when a busy process's timer runs is read first, see `answeredWithin`), and the
 * first failure switches this process to its own memory counters at once, without waiting on Redis
 * again until a ping every second answers. The outage is logged as an error once, its end once. A
 * timeout counts as an outage, and a loaded machine makes a healthy Redis answer late, so an attacker can
 * cause one: the account limits (`ACCOUNT_LIMITS`) are therefore counted in this process too, always
 * (`LocalCounts`: each attempt, and what Redis answered). Falling back, a process goes on from the count it
 * last saw plus its own attempts since, never from zero; back on Redis, what it counted meanwhile is added
 * to Redis's count when that is lower, so no process forgets it.
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
        // Only a backstop, so commands sent to a frozen Redis do not pile up: the limiter's own bound is
        // `answeredWithin(…, redisTimeoutMs)`, which a reply read late by a busy process does not trip.
        commandTimeout: commandBackstopMs,
        // Bounded below instead (`connectWithin`): ioredis's own bound fires before a connection that
        // Redis made in time but a blocked loop (start-up, a loaded host) has not read yet.
        connectTimeout: 0,
        lazyConnect: false,
      })
    : undefined;
  if (redis) connectWithin(redis, Math.max(1_000, redisTimeoutMs));
  const prefixOf = (name: LimitName) => `${keyPrefix}:rl:${name}`;
  const settings = (name: LimitName, limit: RateLimit): IRateLimiterOptions => ({
    keyPrefix: prefixOf(name),
    points: limit.points,
    duration: limit.seconds,
  });
  const memory = new Map(
    names
      .filter((name) => !ACCOUNT_LIMITS.has(name))
      .map((name) => [name, new RateLimiterMemory(settings(name, limits[name]))]),
  );
  const localCounts = new Map(
    names
      .filter((name) => ACCOUNT_LIMITS.has(name))
      .map((name) => [name, new LocalCounts(limits[name].seconds * 1000)]),
  );
  const store = new Map(
    redis
      ? names.map((name) => [
          name,
          new RateLimiterRedis({ ...settings(name, limits[name]), storeClient: redis }),
        ])
      : [],
  );

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
    if (!shared || !remote) return;
    try {
      await answeredWithin(remote.delete(key), redisTimeoutMs);
    } catch (error) {
      lost(error);
    }
  };
  /**
   * An account limit: counted here first (so attempts still waiting on Redis are in this process's count),
   * then in Redis while it answers, whose count this process then takes as its own. Redis refusing is
   * mirrored too. Without Redis the local count decides.
   */
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
        if (counted > allowed) throw tooMany(leftMs);
        return;
      }
    }
    // Not in Redis (or not known to be): this process's count decides, every attempt it started included.
    entry.unshared = true;
    if (entry.points > allowed) throw tooMany(entry.expiresAt - Date.now());
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
      if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
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
