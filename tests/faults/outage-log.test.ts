// The log during a database outage (issue 24, point 8): requests under load while a throwaway PostgreSQL
// cluster is stopped for 5 s. Each request gets its 503, but the log gets one line per distinct cause per
// few seconds (with how many were not logged), no stack trace, and one line when the database is back
// (server/http/outage-log.ts).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgCluster, type PgCluster, postgresBinDir, startServerProcess } from '../support/processes.ts';

const binDir = postgresBinDir();
if (!binDir && process.env.CI) throw new Error('CI needs the PostgreSQL server binaries (initdb, pg_ctl)');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cluster: PgCluster | undefined;
const cleanups: (() => Promise<void> | void)[] = [];
beforeAll(async () => {
  if (binDir) cluster = await createPgCluster(binDir);
}, 120_000);
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
  cluster?.destroy();
}, 60_000);

describe.skipIf(!binDir)('the log while the database is down', () => {
  it('a line per cause per 5 s at most, no stack trace, one line when it is back', async () => {
    if (!cluster) throw new Error('no cluster');
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE storm');
    await admin.end();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'starter-storm-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // LOG_LEVEL=warn (startServerProcess's): what an operator's log shows, without access lines.
    const server = await startServerProcess({ DATABASE_URL: cluster.url('storm'), DATA_DIR: dataDir });
    cleanups.push(() => server.stop());
    const login = await fetch(`${server.base}/api/v1/login/access-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin@example.com', password: 'admin-password-1' }).toString(),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;

    const statuses: { status: number; started: number }[] = [];
    let running = true;
    const loops = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; running; i++) {
        const started = Date.now();
        const res = await fetch(`${server.base}/api/v1/items/${i % 2 ? '' : '?limit=5'}`, {
          method: i % 2 ? 'POST' : 'GET',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: i % 2 ? JSON.stringify({ title: `storm ${w}-${i}` }) : undefined,
          signal: AbortSignal.timeout(10_000),
        }).catch(() => undefined);
        await res?.arrayBuffer();
        statuses.push({ status: res?.status ?? 0, started });
        await sleep(5);
      }
    });
    // The process keeps only its last 64 kB of output: sample it often, so that a storm is counted too.
    const seen = new Set<string>();
    const sampler = setInterval(() => {
      for (const text of server.output().split('\n')) seen.add(text);
    }, 20);
    await sleep(1_000);
    const stopAt = Date.now();
    await cluster.stop('immediate');
    await sleep(5_000);
    const restartAt = Date.now();
    await cluster.start();
    const deadline = Date.now() + 15_000;
    while (!statuses.some((s) => s.started > restartAt && s.status === 200) && Date.now() < deadline)
      await sleep(50);
    await sleep(2_000);
    running = false;
    await Promise.all(loops);
    clearInterval(sampler);
    for (const text of server.output().split('\n')) seen.add(text);

    const lines = [...seen].flatMap((text) => {
      try {
        return [{ text, line: JSON.parse(text) as { time: number; msg: string; level: number } }];
      } catch {
        return []; // a cut line of the kept output, or not JSON
      }
    });
    const during = lines.filter(({ line }) => line.time >= stopAt && line.time < restartAt);
    const since = lines.filter(({ line }) => line.time >= stopAt);
    const back = since.filter(({ line }) => /^database is back after/.test(line.msg));
    const withStack = since.filter(({ text }) => text.includes('stack'));
    const unavailable = statuses.filter((s) => s.status === 503).length;
    console.log(
      `log during a 5 s database outage under load: ${unavailable} requests answered 503, ${during.length} log lines ` +
        `(${(during.length / 5).toFixed(1)} per second), ${withStack.length} with a stack trace, ${back.length} 'back' line ` +
        `(${back[0]?.line.msg ?? 'none'}); lines: ${since.map(({ line }) => JSON.stringify(line.msg)).join(' | ')}`,
    );
    // The outage was real and under load.
    expect(unavailable).toBeGreaterThan(100);
    expect(during.length).toBeGreaterThanOrEqual(1);
    expect(during.length).toBeLessThanOrEqual(8);
    // Over the whole outage, the restart's own refusals (57P03) included, and the line saying it ended.
    expect(since.length).toBeLessThanOrEqual(12);
    expect(withStack).toEqual([]);
    expect(back).toHaveLength(1);
    expect(back[0]?.line.time).toBeGreaterThanOrEqual(restartAt);
  });
});
