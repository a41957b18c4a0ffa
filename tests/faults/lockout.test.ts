// The login lockout under races, several processes and a stalled Redis: three server processes (a
// cluster of two workers and a single process: two "hosts") on one PostgreSQL and a private
// redis-server that this file freezes (SIGSTOP) and kills. Each test prints its figure.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type ServerProcess, startServerProcess } from '../support/processes.ts';
import { type PrivateRedis, redisBinary, startPrivateRedis } from '../support/redis.ts';
import { eventually, uniqueEmail } from '../support/server.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI && (!postgresUrl || !redisBinary)) {
  throw new Error('CI needs TEST_DATABASE_URL and redis-server for the fault suite (see .ci/run)');
}
const SKIP = !postgresUrl
  ? ' [SKIPPED: needs TEST_DATABASE_URL (a PostgreSQL server)]'
  : !redisBinary
    ? ' [SKIPPED: needs the redis-server binary]'
    : '';

const ACCOUNT_CEILING = 10;
const PER_SOURCE = 5;
const SUPERUSER = { email: 'admin@example.com', password: 'admin-password-1' };

let redis: PrivateRedis;
let cluster: ServerProcess;
let single: ServerProcess;
const cleanups: (() => Promise<void> | void)[] = [];

type Login = { status: number; ms: number };
async function login(base: string, username: string, password: string, source: string): Promise<Login> {
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/login/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': source },
    body: new URLSearchParams({ username, password }),
    signal: AbortSignal.timeout(20_000),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}
const servers = () => [cluster.base, single.base];
/** Log lines containing `text` that the servers wrote since the call, counted when the result is called. */
const linesSince = (text: string) => {
  const offsets = [cluster.output().length, single.output().length];
  return () =>
    [cluster.output().slice(offsets[0]), single.output().slice(offsets[1])]
      .join('\n')
      .split('\n')
      .filter((line) => line.includes(text)).length;
};
/** Passwords the servers checked and refused: their 'login.refused' log lines. */
const refusedSince = () => linesSince('"event":"login.refused"');
const lines = (output: string, pattern: RegExp) => output.split('\n').filter((l) => pattern.test(l)).length;
/**
 * Outages seen by the processes since the call, and those still open at it: on a loaded machine a slow
 * command is one, and each process then counts alone for a while.
 */
const fallbacksSince = () => {
  const open = [cluster, single].reduce(
    (sum, server) =>
      sum + lines(server.output(), /Redis is unreachable/) - lines(server.output(), /Redis is back/),
    0,
  );
  const fresh = linesSince('Redis is unreachable');
  return () => open + fresh();
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
let addressCounter = 0;
const freshAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

async function signUp(email: string, password: string) {
  const response = await fetch(`${single.base}/api/v1/users/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
}

describe.skipIf(SKIP !== '')(`login lockout under concurrency and a stalled Redis${SKIP}`, () => {
  beforeAll(async () => {
    redis = await startPrivateRedis();
    cleanups.push(() => redis.kill());
    const database = await createTestDatabase(postgresUrl as string, 'faults_lockout');
    cleanups.push(() => database.drop());
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `lockout-${randomBytes(4).toString('hex')}`,
      SECRET_KEY: randomBytes(32).toString('hex'),
      FIRST_SUPERUSER: SUPERUSER.email,
      FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
      TRUST_PROXY: 'true',
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_LOGIN_PER_IP: '100000/60',
      RATE_LIMIT_SIGNUP_PER_IP: '100000/60',
      RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: `${ACCOUNT_CEILING}/900`,
      RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_AND_IP: `${PER_SOURCE}/900`,
      LOG_LEVEL: 'info',
    };
    cluster = await startServerProcess({ ...shared, WEB_CONCURRENCY: '2' });
    cleanups.push(() => cluster.stop());
    single = await startServerProcess(shared);
    cleanups.push(() => single.stop());
  }, 180_000);
  afterAll(async () => {
    for (const fn of cleanups.reverse()) await fn();
  }, 60_000);

  it(`128 concurrent wrong-password logins on one account, from 128 addresses, over 3 processes: at most ${ACCOUNT_CEILING} passwords checked`, async () => {
    const email = uniqueEmail('race');
    await signUp(email, 'right-password-1');
    const checked = refusedSince();
    const fellBack = fallbacksSince();
    const results = await Promise.all(
      Array.from({ length: 128 }, (_, i) => login(servers()[i % 2], email, 'wrong-password', freshAddress())),
    );
    // The log lines are written before each answer; give the pipes a moment to carry them.
    await new Promise((r) => setTimeout(r, 200));
    const verified = checked();
    expect(results.filter((r) => r.status === 400).length).toBeLessThanOrEqual(verified);
    const refused = results.filter((r) => r.status === 429).length;
    console.log(
      `lockout: 128 concurrent wrong passwords on 3 processes → ${verified} passwords checked (limit ${ACCOUNT_CEILING}), ${refused} refused with 429; ${fellBack()} outages (processes counting alone)`,
    );
    expect(verified + refused).toBe(128);
    expect(verified).toBeLessThanOrEqual(ACCOUNT_CEILING);
    expect(verified).toBeGreaterThan(0);
  });

  it(`128 concurrent wrong-password logins from one address: at most ${PER_SOURCE} checked; the owner elsewhere still logs in`, async () => {
    const email = uniqueEmail('one-source');
    await signUp(email, 'right-password-1');
    const attacker = freshAddress();
    const checked = refusedSince();
    const fellBack = fallbacksSince();
    const results = await Promise.all(
      Array.from({ length: 128 }, (_, i) => login(servers()[i % 2], email, 'wrong-password', attacker)),
    );
    await new Promise((r) => setTimeout(r, 200));
    const verified = checked();
    expect(results.filter((r) => r.status === 400).length).toBeLessThanOrEqual(verified);
    console.log(
      `lockout: 128 concurrent wrong passwords from one address → ${verified} checked (limit ${PER_SOURCE}); ${fellBack()} outages (processes counting alone)`,
    );
    expect(verified).toBeLessThanOrEqual(PER_SOURCE);
    expect((await login(cluster.base, email, 'right-password-1', attacker)).status).toBe(429);
    expect((await login(single.base, email, 'right-password-1', freshAddress())).status).toBe(200);
  });

  it('Redis frozen (SIGSTOP): logins keep answering within 1 s with per-process limits, and shared counts resume when it thaws', async () => {
    const email = uniqueEmail('frozen');
    await signUp(email, 'right-password-1');
    redis.freeze();
    const latencies: number[] = [];
    const statuses: number[] = [];
    try {
      for (let round = 0; round < 15; round++) {
        const batch = await Promise.all(
          Array.from({ length: 4 }, (_, i) =>
            login(
              servers()[(round + i) % 2],
              email,
              i % 2 ? 'right-password-1' : 'wrong-password',
              freshAddress(),
            ),
          ),
        );
        for (const r of batch) {
          latencies.push(r.ms);
          statuses.push(r.status);
        }
      }
      const recovery = await fetch(`${single.base}/api/v1/password-recovery/${encodeURIComponent(email)}`, {
        method: 'POST',
        signal: AbortSignal.timeout(5_000),
      });
      expect(recovery.status).toBe(200);
    } finally {
      redis.thaw();
    }
    const p99 = percentile(latencies, 99);
    console.log(
      `lockout: Redis frozen, 60 logins over 3 processes → p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms; statuses ${[...new Set(statuses)].join('/')}`,
    );
    expect(p99).toBeLessThanOrEqual(1_000);
    expect(statuses.every((s) => s === 200 || s === 400)).toBe(true);
    // Each outage a process saw is one line, and its end one line (a loaded machine may see a slow
    // command as a short outage of its own: then a pair more, never a line per request).
    for (const server of [cluster, single]) {
      await eventually(() => {
        const outages = lines(server.output(), /Redis is unreachable/);
        return outages >= 1 && outages === lines(server.output(), /Redis is back/) ? true : undefined;
      }, 10_000);
      expect(lines(server.output(), /Redis is unreachable/)).toBeLessThanOrEqual(server === single ? 2 : 4);
    }
    // Shared again: failures counted on one host lock the source on the other.
    const after = uniqueEmail('thawed');
    await signUp(after, 'right-password-1');
    const source = freshAddress();
    for (let i = 0; i < PER_SOURCE; i++)
      expect((await login(single.base, after, 'wrong-password', source)).status).toBe(400);
    expect((await login(cluster.base, after, 'wrong-password', source)).status).toBe(429);
  });

  it('Redis killed: logins still answer; a restarted Redis is shared again', async () => {
    const email = uniqueEmail('killed');
    await signUp(email, 'right-password-1');
    await redis.kill();
    try {
      const latencies: number[] = [];
      for (let i = 0; i < 10; i++) {
        const r = await login(servers()[i % 2], email, 'right-password-1', freshAddress());
        expect(r.status).toBe(200);
        latencies.push(r.ms);
      }
      console.log(`lockout: Redis down, 10 logins → max ${Math.max(...latencies).toFixed(0)} ms`);
      expect(Math.max(...latencies)).toBeLessThanOrEqual(1_000);
    } finally {
      await redis.start();
    }
    const source = freshAddress();
    await eventually(async () => {
      const probe = uniqueEmail('probe');
      // Until both processes count in Redis again, a lock made on one is not seen on the other.
      for (let i = 0; i < PER_SOURCE; i++) await login(single.base, probe, 'wrong-password', source);
      return (await login(cluster.base, probe, 'wrong-password', source)).status === 429 &&
        (await login(cluster.base, probe, 'wrong-password', source)).status === 429
        ? true
        : undefined;
    }, 20_000);
  });
});
