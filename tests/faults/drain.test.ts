// SIGTERM (issue 24, point 4): the drain. From the signal on, readiness answers 503 while requests are
// still served, each answer with `Connection: close`; a load balancer that checks readiness stops sending;
// once the drain period is over the server closes and exits. Keep-alive clients see no reset, for one
// process and for a WEB_CONCURRENCY=2 cluster (whose primary relays the signal to its workers). And
// requests already in flight when the server closes are finished (drain 0: closed at once).

import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type ServerProcess, startServerProcess } from '../support/processes.ts';

const SUPERUSER = { email: 'admin@example.com', password: 'admin-password-1' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl && process.env.CI) throw new Error('CI needs TEST_DATABASE_URL for the cluster drain');

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

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/login/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: SUPERUSER.email, password: SUPERUSER.password }).toString(),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface Exchange {
  client: number;
  sent: number;
  received: number;
  status: number; // 0: the request failed (see error)
  error?: string;
  connection?: string;
  /** Sent on a connection an earlier request had used (kept alive). */
  reused?: boolean;
}

/** One request on the client's keep-alive agent (one socket per client). */
function send(
  agent: Agent | false,
  base: string,
  method: string,
  pathname: string,
  token: string,
  body?: string,
) {
  const url = new URL(pathname, base);
  return new Promise<Omit<Exchange, 'client' | 'sent' | 'received'>>((resolve) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            reused: req.reusedSocket,
          }),
        );
        res.on('error', (error) =>
          resolve({ status: 0, error: (error as NodeJS.ErrnoException).code ?? String(error) }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      resolve({ status: 0, error: (error as NodeJS.ErrnoException).code ?? error.message }),
    );
    req.end(body);
  });
}

/** As a load balancer's health check: this many failed checks in a row take the instance out. */
const UNHEALTHY_THRESHOLD = 3;

/**
 * 16 clients, each on its own keep-alive connection, reading and writing items back to back; a load
 * balancer polls readiness every 250 ms and, after 3 failed checks in a row (503 or no answer), stops
 * sending new requests: 0.5 s or more of traffic into the drain (5 s: readiness answers late on a loaded
 * machine, and a balancer that notices after the drain would see resets).
 */
async function keepAliveClientsThroughSigterm(server: ServerProcess, clients = 16) {
  const token = await login(server.base);
  const exchanges: Exchange[] = [];
  let inRotation = true;
  let termAt = Number.POSITIVE_INFINITY;
  let outOfRotationAt = Number.NaN;
  const agents = Array.from({ length: clients }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  const loops = agents.map(async (agent, client) => {
    for (let i = 0; inRotation; i++) {
      const sent = performance.now();
      const answer =
        i % 2 === 0
          ? await send(agent, server.base, 'GET', '/api/v1/items/?limit=5', token)
          : await send(
              agent,
              server.base,
              'POST',
              '/api/v1/items/',
              token,
              JSON.stringify({ title: `ka ${client}-${i}` }),
            );
      exchanges.push({ client, sent, received: performance.now(), ...answer });
    }
  });
  const balancer = (async () => {
    let failures = 0;
    while (inRotation) {
      await sleep(250);
      const res = await fetch(`${server.base}/api/v1/utils/readiness/`, {
        signal: AbortSignal.timeout(2_000),
      }).catch(() => undefined);
      failures = res?.status === 200 ? 0 : failures + 1;
      if (failures >= UNHEALTHY_THRESHOLD) {
        outOfRotationAt = performance.now();
        inRotation = false;
      }
    }
  })();
  // Load first: every client has sent at least 3 requests on its kept-alive connection.
  const deadline = performance.now() + 30_000;
  while (
    performance.now() < deadline &&
    agents.some((_, c) => exchanges.filter((e) => e.client === c && e.reused).length < 3)
  ) {
    await sleep(50);
  }
  termAt = performance.now();
  server.kill('SIGTERM');
  const exit = await server.exited;
  const exitMs = performance.now() - termAt;
  inRotation = false;
  await Promise.all([...loops, balancer]);
  for (const agent of agents) agent.destroy();

  // The signal is handled on the server's event loop, a moment after kill(): the drain shows from the first
  // answer that says `Connection: close`; every request sent after that one must get it too.
  const drainSeenAt = Math.min(...exchanges.filter((e) => e.connection === 'close').map((e) => e.received));
  const afterSignal = exchanges.filter((e) => e.sent > drainSeenAt);
  const failed = exchanges.filter((e) => e.status === 0);
  const closedClients = new Set(afterSignal.filter((e) => e.connection === 'close').map((e) => e.client));
  return {
    exchanges,
    afterSignal,
    failed,
    closedClients,
    exit,
    exitMs,
    outOfRotationMs: outOfRotationAt - termAt,
    drainSeenMs: drainSeenAt - termAt,
    keptAliveClients: new Set(exchanges.filter((e) => e.sent < termAt && e.reused).map((e) => e.client)).size,
  };
}

const variants = [
  { name: 'one process', skip: false, env: async () => ({ DATA_DIR: tempDir('starter-drain-') }) },
  {
    name: `WEB_CONCURRENCY=2${postgresUrl ? '' : ' [SKIPPED: no TEST_DATABASE_URL]'}`,
    skip: !postgresUrl,
    env: async () => {
      const database = await createTestDatabase(postgresUrl ?? '', 'drain');
      cleanups.push(() => database.drop());
      return { DATA_DIR: tempDir('starter-drain-'), DATABASE_URL: database.url, WEB_CONCURRENCY: '2' };
    },
  },
];

describe('keep-alive clients during SIGTERM', () => {
  for (const variant of variants) {
    it.skipIf(variant.skip)(
      `${variant.name}: no reset, every connection told to close, exit 0 after the 5 s drain`,
      {
        timeout: 120_000,
      },
      async () => {
        const server = await start({
          ...(await variant.env()),
          SHUTDOWN_DRAIN_SECONDS: '5',
          SHUTDOWN_TIMEOUT_SECONDS: '15',
        });
        const r = await keepAliveClientsThroughSigterm(server);
        const errors = [...new Set(r.failed.map((e) => e.error))].join(',');
        console.log(
          `keep-alive clients during SIGTERM (${variant.name}): 16 clients, ${r.exchanges.length.toLocaleString('en')} requests ` +
            `(${r.afterSignal.length} sent after the signal), ${r.failed.length} resets${errors ? ` (${errors})` : ''}, ` +
            `${r.closedClients.size} clients told 'Connection: close' (the first ${r.drainSeenMs.toFixed(0)} ms after the signal); out of the balancer's rotation ${r.outOfRotationMs.toFixed(0)} ms ` +
            `after the signal; exit ${r.exit.code} after ${r.exitMs.toFixed(0)} ms`,
        );
        // Before the signal the connections were kept alive (else the test would prove nothing).
        expect(r.keptAliveClients).toBe(16);
        // The premise: the balancer noticed within the drain period (a slow machine answers readiness late).
        expect(r.outOfRotationMs).toBeLessThan(5_000);
        expect(r.failed).toEqual([]);
        expect(r.drainSeenMs).toBeLessThan(1_000);
        expect(r.afterSignal.length).toBeGreaterThanOrEqual(16);
        for (const e of r.afterSignal) {
          expect(e.status).toBe(200);
          expect(e.connection).toBe('close');
        }
        expect(r.closedClients.size).toBe(16);
        expect(r.exit).toEqual({ code: 0, signal: null });
        expect(r.exitMs).toBeGreaterThan(5_000);
        expect(r.exitMs).toBeLessThan(15_000);
      },
    );
  }
});

// Issue 35, point 10: a proxy that does not watch readiness and opens a new connection for each request
// (every answer of the drain says `Connection: close`) keeps connecting until the listener closes; then
// the port refuses (ECONNREFUSED: a proxy retries that elsewhere, whatever the method). Connections made
// in the last moment before are reset: the kernel's accept queue of one busy process, or the connections
// a cluster's primary holds for busy workers, closed with the listener (README, "Stopping an instance").
// What this holds: every request sent earlier in the drain is answered 200, and the port then refuses.
describe('a proxy that reconnects through the drain', () => {
  for (const variant of variants) {
    it.skipIf(variant.skip)(
      `${variant.name}: answered until the port refuses, resets only in its last second`,
      { timeout: 180_000 },
      async () => {
        const server = await start({
          ...(await variant.env()),
          SHUTDOWN_DRAIN_SECONDS: '2',
          SHUTDOWN_TIMEOUT_SECONDS: '15',
        });
        const token = await login(server.base);
        const exchanges: Exchange[] = [];
        let termAt = Number.POSITIVE_INFINITY;
        const clients = Array.from({ length: 16 }, async (_, client) => {
          for (let i = 0; ; i++) {
            const sent = performance.now();
            const answer =
              i % 2 === 0
                ? await send(false, server.base, 'GET', '/api/v1/items/?limit=5', token)
                : await send(
                    false,
                    server.base,
                    'POST',
                    '/api/v1/items/',
                    token,
                    JSON.stringify({ title: `p ${i}` }),
                  );
            exchanges.push({ client, sent, received: performance.now(), ...answer });
            if (answer.error === 'ECONNREFUSED' || (!server.isRunning() && sent > termAt)) return;
          }
        });
        await sleep(1_000);
        termAt = performance.now();
        server.kill('SIGTERM');
        const exit = await server.exited;
        await Promise.all(clients);
        const afterSignal = exchanges.filter((e) => e.sent > termAt);
        const refused = afterSignal.filter((e) => e.error === 'ECONNREFUSED');
        const reset = afterSignal.filter((e) => e.status === 0 && e.error !== 'ECONNREFUSED');
        const closedAt = Math.min(...refused.map((e) => e.sent));
        const lastMoment = afterSignal.filter((e) => e.sent > closedAt - 1_000 && e.sent < closedAt);
        console.log(
          `a reconnecting proxy through the drain (${variant.name}): ${afterSignal.length} requests after the signal, ` +
            `${lastMoment.length} sent in the last second before the port refused, ${refused.length} refused, ` +
            `${reset.length} reset${reset.length ? ` (${[...new Set(reset.map((e) => e.error))].join(',')}, sent ${reset.map((e) => (closedAt - e.sent).toFixed(0)).join(', ')} ms before the port refused)` : ''}; exit ${exit.code}`,
        );
        expect(afterSignal.length).toBeGreaterThan(32);
        expect(refused.length).toBeGreaterThan(0);
        for (const e of afterSignal.filter((x) => x.status !== 0)) expect(e.status).toBe(200);
        for (const e of reset) expect(closedAt - e.sent).toBeLessThan(1_000);
        expect(exit).toEqual({ code: 0, signal: null });
      },
    );
  }
});

/** One request on its own connection; `sent` resolves when the whole request has been written. */
function rawRequest(
  base: string,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body: string,
) {
  const url = new URL(pathname, base);
  let markSent: () => void = () => {};
  const sent = new Promise<void>((r) => {
    markSent = r;
  });
  const done = new Promise<{ status: number; body: string; at: number } | { error: string; at: number }>(
    (resolve) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method,
          agent: false,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, at: performance.now() }));
          res.on('error', (error) => resolve({ error: String(error), at: performance.now() }));
        },
      );
      req.on('error', (error) => resolve({ error: String(error), at: performance.now() }));
      req.on('finish', () => markSent());
      req.end(body);
    },
  );
  return { sent, done };
}

describe('SIGTERM without a drain (SHUTDOWN_DRAIN_SECONDS=0): requests in flight when the server closes', () => {
  for (const variant of variants) {
    it.skipIf(variant.skip)(
      `${variant.name}: finishes every request it has accepted, then exits 0`,
      { timeout: 120_000 },
      async () => {
        // LOG_LEVEL=info: the server logs each request as it takes it ("incoming request", with its id).
        const server = await start({
          ...(await variant.env()),
          LOG_LEVEL: 'info',
          SHUTDOWN_DRAIN_SECONDS: '0',
        });
        const token = await login(server.base);
        const accepted = () => (server.output().match(/"msg":"incoming request"/g) ?? []).length;
        const acceptedBefore = accepted();
        // Logins are slow (argon2 on its own low-priority threads): 32 of them and some writes keep the server busy.
        const form = new URLSearchParams({
          username: SUPERUSER.email,
          password: SUPERUSER.password,
        }).toString();
        const requests = [
          ...Array.from({ length: 32 }, () =>
            rawRequest(
              server.base,
              'POST',
              '/api/v1/login/access-token',
              { 'content-type': 'application/x-www-form-urlencoded' },
              form,
            ),
          ),
          ...Array.from({ length: 8 }, (_, i) =>
            rawRequest(
              server.base,
              'POST',
              '/api/v1/items/',
              { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              JSON.stringify({ title: `drain ${i}` }),
            ),
          ),
        ];
        await Promise.all(requests.map((r) => r.sent));
        // Signal once the server has taken every request (or after 5 s on a very busy machine).
        const deadline = performance.now() + 5_000;
        while (accepted() - acceptedBefore < requests.length && performance.now() < deadline) await sleep(5);
        const acceptedAtTerm = accepted() - acceptedBefore;
        const termAt = performance.now();
        server.kill('SIGTERM');
        const answers = await Promise.all(requests.map((r) => r.done));
        const exit = await server.exited;
        const exitAt = performance.now();
        const afterTerm = answers.filter((a) => a.at > termAt).length;
        const ok = answers.filter((a) => 'status' in a && a.status === 200).length;
        console.log(
          `SIGTERM with requests in flight (${variant.name}): ${requests.length} requests sent, ${acceptedAtTerm} accepted by the server before the signal, ` +
            `${afterTerm} answered after it, ${ok} complete 200s; exit ${exit.code} after ${(exitAt - termAt).toFixed(0)} ms`,
        );
        // The test means something only if accepted requests were still in flight when the signal came.
        expect(afterTerm).toBeGreaterThan(10);
        // Every accepted request is answered in full (we cannot tell which ones, so: as many 200s).
        expect(ok).toBeGreaterThanOrEqual(acceptedAtTerm);
        for (const answer of answers) {
          if ('status' in answer && answer.status === 200)
            expect(() => JSON.parse(answer.body)).not.toThrow();
          // One not yet taken may be refused, but only as a closed connection or in the documented shape.
          else if ('status' in answer)
            expect(JSON.parse(answer.body)).toEqual({ detail: expect.any(String) });
        }
        expect(exit).toEqual({ code: 0, signal: null });
      },
    );
  }
});
