// Issue 24, point 5: retries must be safe. Two server processes on one PostgreSQL database; a client
// sends POST /items/ with an Idempotency-Key, its connection is killed right after the request is written
// (the server goes on and creates the item, the answer is lost), then it retries with the same key from
// 20 concurrent callers spread over both processes, some of which are killed mid-request too and retry
// again, until each has an answer. Exactly one item exists per key, and every answer names it.
// The same run without the header is the control: it creates one item per attempt.
import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type ServerProcess, startServerProcess } from '../support/processes.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl && process.env.CI)
  throw new Error('CI needs TEST_DATABASE_URL for the fault suite (.ci/run sets it)');
const RETRIES = 20;
const KEYS = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let servers: ServerProcess[] = [];
let database: { url: string; drop(): Promise<void> } | undefined;
let token = '';

beforeAll(async () => {
  if (!postgresUrl) return;
  database = await createTestDatabase(postgresUrl, 'faults_idem');
  // One secret for both: a token, and a request's fingerprint, must mean the same to each process.
  const env = { DATABASE_URL: database.url, SECRET_KEY: randomBytes(32).toString('hex') };
  // One after the other: the first migrates and creates the superuser.
  servers.push(await startServerProcess(env));
  servers.push(await startServerProcess(env));
  const login = await fetch(`${servers[0]?.base}/api/v1/login/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin@example.com', password: 'admin-password-1' }),
  });
  token = ((await login.json()) as { access_token: string }).access_token;
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  servers = [];
  await database?.drop();
});

/** Writes the whole request on a raw connection and destroys it at once: the client never reads an answer. */
function postAndHangUp(base: string, body: string, key: string | null): Promise<void> {
  const { hostname, port } = new URL(base);
  const head = [
    'POST /api/v1/items/ HTTP/1.1',
    `Host: ${hostname}:${port}`,
    `Authorization: Bearer ${token}`,
    'Content-Type: application/json',
    ...(key ? [`Idempotency-Key: ${key}`] : []),
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(head + body, () => {
        socket.destroy();
        resolve();
      });
    });
    socket.on('error', reject);
  });
}

interface Tally {
  ids: Set<string>;
  statuses: Map<number, number>;
  killed: number;
  replayed: number;
}

/** One caller: retries (after a 409, a 503 or its own killed connection) until it gets a 2xx. */
async function retryUntilAnswered(base: string, body: string, key: string | null, tally: Tally) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const abort = new AbortController();
    // A third of the attempts lose their connection a few ms in, wherever the server is by then.
    const kill = Math.random() < 1 / 3 ? setTimeout(() => abort.abort(), Math.random() * 15) : undefined;
    try {
      const response = await fetch(`${base}/api/v1/items/`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body,
        signal: abort.signal,
      });
      const text = await response.text();
      clearTimeout(kill);
      tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
      if (response.ok) {
        tally.ids.add((JSON.parse(text) as { id: string }).id);
        if (response.headers.get('idempotent-replayed') === 'true') tally.replayed++;
        return;
      }
      if (response.status !== 409 && response.status !== 503) throw new Error(`${response.status} ${text}`);
    } catch (error) {
      clearTimeout(kill);
      if (!abort.signal.aborted) throw error;
      tally.killed++;
    }
    await sleep(10 + Math.random() * 40);
  }
  throw new Error('no answer after 200 attempts');
}

async function itemsTitled(title: string): Promise<number> {
  const client = new pg.Client({ connectionString: database?.url });
  await client.connect();
  try {
    const result = await client.query('SELECT count(*)::int AS n FROM items WHERE title = $1', [title]);
    return (result.rows[0] as { n: number }).n;
  } finally {
    await client.end();
  }
}

/** The first attempt hung up, then RETRIES callers over both processes; returns the items created. */
async function run(key: string | null, tally: Tally): Promise<{ created: number; title: string }> {
  const title = `retried ${randomUUID()}`;
  const body = JSON.stringify({ title, description: 'safe retries' });
  const [a, b] = servers as [ServerProcess, ServerProcess];
  await postAndHangUp(a.base, body, key);
  await Promise.all(
    Array.from({ length: RETRIES }, (_, i) => retryUntilAnswered((i % 2 ? b : a).base, body, key, tally)),
  );
  // Anything still running (a killed attempt the server goes on with) has finished by now.
  await sleep(500);
  return { created: await itemsTitled(title), title };
}

const newTally = (): Tally => ({ ids: new Set(), statuses: new Map(), killed: 0, replayed: 0 });

describe.runIf(postgresUrl)(
  'retried POSTs with one Idempotency-Key, two processes, killed connections',
  () => {
    it(`${RETRIES} concurrent retries after a lost answer create exactly one item per key`, async () => {
      const perKey: number[] = [];
      const total = newTally();
      for (let k = 0; k < KEYS; k++) {
        const tally = newTally();
        const { created } = await run(randomUUID(), tally);
        perKey.push(created);
        // Every caller got the same item: the one created.
        expect(tally.ids.size).toBe(1);
        for (const [status, n] of tally.statuses)
          total.statuses.set(status, (total.statuses.get(status) ?? 0) + n);
        total.killed += tally.killed;
        total.replayed += tally.replayed;
      }
      console.log(
        `items created by ${RETRIES} retried POSTs with one key (first connection killed, 2 processes), ` +
          `per key over ${KEYS} keys: ${perKey.join(', ')}; answers ${JSON.stringify(Object.fromEntries(total.statuses))}, ` +
          `replayed ${total.replayed}, connections killed by the clients ${total.killed}`,
      );
      expect(perKey).toEqual(Array.from({ length: KEYS }, () => 1));
    });

    it('the control: the same retries without the header create one item per attempt', async () => {
      const tally = newTally();
      const { created } = await run(null, tally);
      console.log(
        `items created by ${RETRIES} retried POSTs without a key (first connection killed): ${created}`,
      );
      expect(created).toBeGreaterThanOrEqual(RETRIES);
    });
  },
);
