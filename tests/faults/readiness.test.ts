// Readiness (issue 24, point 3): 200 while the process can serve, naming a degraded dependency (Redis
// frozen or gone: each process counts rate limits on its own), 503 only for what it cannot serve without
// (its database, a schema behind it) and during the drain of a shutdown. Real server processes, a private
// redis-server this file freezes and kills, a throwaway PostgreSQL cluster it stops.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPgCluster,
  type PgCluster,
  postgresBinDir,
  type ServerProcess,
  startServerProcess,
} from '../support/processes.ts';
import { type PrivateRedis, redisBinary, startPrivateRedis } from '../support/redis.ts';

const READINESS = '/api/v1/utils/readiness/';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const binDir = postgresBinDir();
if ((!binDir || !redisBinary) && process.env.CI) {
  throw new Error('CI needs redis-server and the PostgreSQL server binaries (initdb, pg_ctl)');
}

const cleanups: (() => Promise<void> | void)[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  cleanups.push(() => server.stop());
  return server;
}
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
}, 60_000);

interface Probe {
  status: number; // 0: no answer within 5 s
  body: { status?: string; detail?: string; checks?: Record<string, string> };
  ms: number;
  at: number;
}

async function ready(base: string): Promise<Probe> {
  const started = performance.now();
  try {
    const res = await fetch(base + READINESS, { signal: AbortSignal.timeout(5_000) });
    const body = (await res.json()) as Probe['body'];
    return { status: res.status, body, ms: performance.now() - started, at: started };
  } catch (error) {
    return { status: 0, body: { detail: String(error) }, ms: performance.now() - started, at: started };
  }
}

async function probes(base: string, count: number): Promise<Probe[]> {
  const answers: Probe[] = [];
  for (let i = 0; i < count; i++) {
    answers.push(await ready(base));
    await sleep(200);
  }
  return answers;
}

async function until(base: string, wanted: (p: Probe) => boolean, ms = 15_000): Promise<Probe> {
  const deadline = performance.now() + ms;
  for (;;) {
    const p = await ready(base);
    if (wanted(p) || performance.now() > deadline) return p;
    await sleep(100);
  }
}

const slowest = (answers: Probe[]) => Math.max(...answers.map((a) => a.ms));

describe.skipIf(!redisBinary)('readiness with Redis frozen, then killed', () => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    cleanups.push(() => redis.kill());
  });

  it('stays 200, degraded and naming Redis, each answer within 1 s; ready again once Redis is back', async () => {
    const server = await start({
      DATA_DIR: tempDir('starter-ready-'),
      REDIS_URL: redis.url,
      RATE_LIMIT_ENABLED: 'true',
    });
    const before = await ready(server.base);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });

    redis.freeze();
    const frozen = await probes(server.base, 5);
    redis.thaw();
    const thawed = await until(server.base, (p) => p.body.status === 'ready');

    await redis.kill();
    const killed = await probes(server.base, 5);
    const restartAt = performance.now();
    await redis.start();
    const back = await until(server.base, (p) => p.body.status === 'ready');

    console.log(
      `readiness with Redis frozen (SIGSTOP): ${frozen.length} answers ${[...new Set(frozen.map((p) => `${p.status} ${p.body.status}`))].join(', ')}, ` +
        `slowest ${slowest(frozen).toFixed(0)} ms; killed: ${killed.length} answers ${[...new Set(killed.map((p) => `${p.status} ${p.body.status}`))].join(', ')}, ` +
        `slowest ${slowest(killed).toFixed(0)} ms; ready again ${(back.at + back.ms - restartAt).toFixed(0)} ms after the restart`,
    );
    for (const p of [...frozen, ...killed]) {
      expect(p.status).toBe(200);
      expect(p.body).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'unreachable' } });
      // The probe's own bound is 1 s; the rest is the request itself on a busy machine.
      expect(p.ms).toBeLessThan(1_500);
    }
    expect(thawed.body.status).toBe('ready');
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
  });
});

describe.skipIf(!binDir)('readiness with the database stopped, or its schema behind', () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    if (!binDir) return;
    cluster = await createPgCluster(binDir);
    cleanups.push(() => cluster.destroy());
  });

  it('answers 503 naming the database while it is down, and when a migration is missing', async () => {
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE readiness');
    await admin.end();
    const server = await start({
      DATABASE_URL: cluster.url('readiness'),
      DATA_DIR: tempDir('starter-ready-'),
    });
    expect((await ready(server.base)).body.status).toBe('ready');

    await cluster.stop('immediate');
    const down = await probes(server.base, 5);
    await cluster.start();
    const backUp = await until(server.base, (p) => p.status === 200);

    // A schema behind the server: its newest migration's record gone (as after restoring an older backup).
    const db = new pg.Client({ connectionString: cluster.url('readiness') });
    await db.connect();
    const newest = await db.query(
      'DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations) RETURNING *',
    );
    const behind = await ready(server.base);
    const row = newest.rows[0];
    await db.query('INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)', [
      row.id,
      row.hash,
      row.created_at,
    ]);
    await db.end();
    const current = await ready(server.base);

    console.log(
      `readiness with the database stopped: ${down.length} answers ${[...new Set(down.map((p) => p.status))].join(',')} ` +
        `('${down[0]?.body.detail}'), slowest ${slowest(down).toFixed(0)} ms; 200 again after the restart: ${backUp.status === 200}; ` +
        `schema behind: ${behind.status} ('${behind.body.detail}')`,
    );
    for (const p of down) {
      expect(p.status).toBe(503);
      expect(p.body).toEqual({
        detail: 'Not ready: database unreachable',
        checks: { database: 'unreachable', redis: 'not used' },
      });
      expect(p.ms).toBeLessThan(2_500);
    }
    expect(backUp.status).toBe(200);
    expect(behind.status).toBe(503);
    expect(behind.body.checks).toEqual({ database: 'schema behind', redis: 'not used' });
    expect(behind.body.detail).toMatch(
      /^Not ready: database schema behind this server \(run `npm run db:migrate`\)$/,
    );
    expect(current.status).toBe(200);
  });
});

describe('readiness during the drain of a shutdown', () => {
  it('answers 503 "shutting down" from the signal on while other requests are still served, then exits 0', async () => {
    const server = await start({ DATA_DIR: tempDir('starter-ready-'), SHUTDOWN_DRAIN_SECONDS: '2' });
    expect((await ready(server.base)).status).toBe(200);
    const termAt = performance.now();
    server.kill('SIGTERM');
    // The signal is handled on the server's event loop: a readiness request already being read may
    // still be answered 200. From the first 503 on, every answer must be 503 until the process exits.
    const first = await until(server.base, (p) => p.status === 503, 1_000);
    const readiness: Probe[] = [first];
    const served: number[] = [];
    while (server.isRunning() && performance.now() - termAt < 1_800) {
      readiness.push(await ready(server.base));
      const health = await fetch(`${server.base}/api/v1/utils/health-check/`).catch(() => undefined);
      served.push(health?.status ?? 0);
      await sleep(100);
    }
    const exit = await server.exited;
    const exitMs = performance.now() - termAt;
    console.log(
      `readiness during a 2 s drain: 503 from ${(first.at + first.ms - termAt).toFixed(0)} ms after the signal, ` +
        `${readiness.length} answers ${[...new Set(readiness.map((p) => p.status))].join(',')} ` +
        `('${first.body.detail}'), ${served.filter((s) => s === 200).length}/${served.length} other requests served 200 meanwhile; ` +
        `exit ${exit.code} after ${exitMs.toFixed(0)} ms`,
    );
    expect(first.at + first.ms - termAt).toBeLessThan(1_000);
    expect(readiness.length).toBeGreaterThan(5);
    for (const p of readiness) {
      expect(p.status).toBe(503);
      expect(p.body.detail).toBe('Not ready: shutting down');
    }
    expect(served.every((s) => s === 200)).toBe(true);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitMs).toBeGreaterThan(2_000);
  });
});
