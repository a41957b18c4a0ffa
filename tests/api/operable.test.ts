import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadSettings } from '../../server/config.ts';
import { openDatabase } from '../../server/db/index.ts';
import { createLimiter } from '../../server/limits/rate-limiter.ts';
import { freePort } from '../support/processes.ts';
import { redisReachable } from '../support/redis.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('readiness: the database (and Redis when set) answer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('is ready with its database, Redis not used without REDIS_URL', async () => {
    const res = await server.request('GET', '/api/v1/utils/readiness/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not used' } });
  });

  it('keeps the template health check as it is', async () => {
    const res = await server.request('GET', '/api/v1/utils/health-check/');
    expect(res.status).toBe(200);
    expect(res.body).toBe(true);
  });

  it('is ready with a reachable Redis', async () => {
    const withRedis = await startTestServer({
      REDIS_URL,
      REDIS_KEY_PREFIX: `ready-${randomBytes(3).toString('hex')}`,
    });
    try {
      const res = await withRedis.request('GET', '/api/v1/utils/readiness/');
      if (!process.env.CI && res.body.checks?.redis === 'unreachable') return; // no Redis on this machine
      expect(res.status).toBe(200);
      expect(res.body.checks).toEqual({ database: 'ok', redis: 'ok' });
    } finally {
      await withRedis.close();
    }
  });

  // The readiness probe's Redis answer is bounded by the probe's own 1 s, not by one command's
  // REDIS_TIMEOUT_MS: these two moments read 'unreachable' before, on a healthy Redis.
  describe('its Redis probe, on a reachable Redis', () => {
    const limiterOn = (url: string) =>
      createLimiter(loadSettings({ NODE_ENV: 'test' }).rateLimits, {
        redisUrl: url,
        keyPrefix: `ready-${randomBytes(3).toString('hex')}`,
        redisTimeoutMs: 250,
      });
    let haveRedis = false;
    beforeAll(async () => {
      haveRedis = await redisReachable(REDIS_URL);
      if (!haveRedis && process.env.CI) throw new Error(`CI needs Redis at ${REDIS_URL}`);
    });

    it('waits for a connection still being made (right after start) instead of reading it as an outage', async (context) => {
      if (!haveRedis) context.skip();
      const limiter = limiterOn(REDIS_URL);
      try {
        // Asked before the connection is up: without an offline queue a plain command fails at once.
        await expect(limiter.ping()).rejects.toThrow(/enableOfflineQueue/);
        await expect(limiter.ping(1_000)).resolves.toBeUndefined();
      } finally {
        await limiter.close();
      }
    });

    it('a reply that sat behind a blocked event loop past REDIS_TIMEOUT_MS is an answer, not a timeout', async (context) => {
      if (!haveRedis) context.skip();
      const limiter = limiterOn(REDIS_URL);
      try {
        await limiter.ping(1_000);
        // The ping leaves, then the event loop is busy for 400 ms. Started from a check-phase task, so the
        // next turn of the loop runs the expired 250 ms timer before it reads the reply waiting on the socket.
        const sentThenBusy = async (ping: () => Promise<void>) => {
          await new Promise((resolve) => setImmediate(resolve));
          const answer = ping();
          const until = performance.now() + 400;
          while (performance.now() < until) {}
          return answer;
        };
        // The timer's verdict waits until the reply already on the socket is read (answeredWithin).
        await expect(sentThenBusy(() => limiter.ping())).resolves.toBeUndefined();
        await expect(sentThenBusy(() => limiter.ping(1_000))).resolves.toBeUndefined();
      } finally {
        await limiter.close();
      }
    });
  });

  it('stays ready (200), degraded and naming Redis, when REDIS_URL points at nothing', async () => {
    const nothing = await startTestServer({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const started = Date.now();
      const res = await nothing.request('GET', '/api/v1/utils/readiness/');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'unreachable' } });
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await nothing.close();
    }
  });

  it('answers 503 while draining for a shutdown, naming it', async () => {
    server.app.drain.start();
    const res = await server.request('GET', '/api/v1/utils/readiness/');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      detail: 'Not ready: shutting down',
      checks: { database: 'ok', redis: 'not used' },
    });
    expect(res.headers.connection).toBe('close');
  });

  it('answers 503 naming the database when it is gone', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ready-test-'));
    const settings = loadSettings({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SECRET_KEY: randomBytes(32).toString('hex'),
    });
    const database = await openDatabase({ memory: true });
    const app = await buildApp({ settings, db: database.db, webRoot: false });
    try {
      await database.close();
      const res = await app.inject({ method: 'GET', url: '/api/v1/utils/readiness/' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        detail: 'Not ready: database unreachable',
        checks: { database: 'unreachable', redis: 'not used' },
      });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('request ids: unique across processes, or the caller’s, in every log line of the request', () => {
  const lines: Record<string, unknown>[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reqid-test-'));
    const settings = loadSettings({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SECRET_KEY: randomBytes(32).toString('hex'),
    });
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const database = await openDatabase({ memory: true });
    app = await buildApp({
      settings,
      db: database.db,
      webRoot: false,
      loggerInstance: pino({ level: 'info' }, sink),
    });
    close = async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it('builds without a warning (the route glue once warned of request parsers for response media types)', () => {
    expect(lines.filter((line) => Number(line.level) >= 40).map((line) => line.msg)).toEqual([]);
  });

  it('gives each request a random UUID, returned as X-Request-Id and on each of its log lines', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      // Not a probe: a load balancer's polls of the probes are logged at debug (log-secrets.test.ts).
      const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      ids.add(String(res.headers['x-request-id']));
    }
    expect(ids.size).toBe(20);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const ofRequest = lines.filter((line) => line.reqId === id);
      // Fastify's "incoming request" and "request completed".
      expect(ofRequest.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('ignores a caller’s X-Request-Id without TRUST_PROXY: a client does not choose its log lines’ id', async () => {
    const given = await app.inject({
      method: 'GET',
      url: '/api/v1/utils/health-check/',
      headers: { 'x-request-id': 'client-chosen-1' },
    });
    expect(given.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((line) => line.reqId === 'client-chosen-1')).toBe(false);
  });

  it('keeps the proxy’s X-Request-Id with TRUST_PROXY, and replaces one that is not a plain token', async () => {
    const database = await openDatabase({ memory: true });
    const proxied = await buildApp({
      settings: { ...app.settings, trustProxy: true },
      db: database.db,
      webRoot: false,
      loggerInstance: app.log,
    });
    try {
      const given = await proxied.inject({
        method: 'GET',
        url: '/api/v1/openapi.json',
        headers: { 'x-request-id': 'edge-7f3a.42' },
      });
      expect(given.headers['x-request-id']).toBe('edge-7f3a.42');
      expect(lines.some((line) => line.reqId === 'edge-7f3a.42')).toBe(true);
      const odd = await proxied.inject({
        method: 'GET',
        url: '/api/v1/utils/health-check/',
        headers: { 'x-request-id': 'x'.repeat(500) },
      });
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await proxied.close();
      await database.close();
    }
  });
});
