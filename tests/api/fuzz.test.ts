// Fuzzing every operation of openapi/openapi.json, as anonymous, normal user and superuser, with
// requests generated from the document's own schemas (fast-check). The document is the oracle: no 5xx,
// every answer has the shape the document gives for its status, and no refused write changes the data.
// FUZZ_REQUESTS sets the number of requests (5,000 in CI, 1,000 locally); FUZZ_SEED replays a run.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../../server/auth/security.ts';
import {
  ACTORS,
  type Answer,
  type Context,
  createOracle,
  type FuzzRequest,
  loadDocument,
  type Operation,
  operationsOf,
  type Plan,
  planArbitrary,
} from '../support/openapi-fuzz.ts';
import { SUPERUSER, startTestServer, type TestServer, uniqueEmail } from '../support/server.ts';

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? (process.env.CI ? 5_000 : 1_000));
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

const document = loadDocument();
const operations = operationsOf(document);
const byId = new Map(operations.map((op) => [op.operationId, op]));
const oracle = createOracle(document);

/**
 * What a refused write must not touch: row counts, newest created_at, the newest row version (xmin:
 * every INSERT or UPDATE writes a row version with a new transaction id, even one that rewrites the
 * same values) of users, items and counters, and the uploaded files. `hashed` instead hashes the rows
 * themselves, without users.confirm_code_attempts: a wrong confirmation code is refused (400) *and*
 * counted, that count being the guessing limit.
 */
async function fingerprint(server: TestServer, hashed = false): Promise<string> {
  const result = (await server.app.db.execute(
    hashed
      ? sql`SELECT
          (SELECT md5(coalesce(string_agg((to_jsonb(u) - 'confirm_code_attempts')::text, '|' ORDER BY u.id), '')) FROM users u) AS users,
          (SELECT md5(coalesce(string_agg(i::text, '|' ORDER BY i.id), '')) FROM items i) AS items,
          (SELECT md5(coalesce(string_agg(c::text, '|' ORDER BY c.key, c.shard), '')) FROM counters c) AS counters`
      : sql`SELECT
          (SELECT concat_ws(' ', count(*), max(created_at), max(xmin::text::bigint)) FROM users) AS users,
          (SELECT concat_ws(' ', count(*), max(created_at), max(xmin::text::bigint)) FROM items) AS items,
          (SELECT concat_ws(' ', count(*), max(xmin::text::bigint)) FROM counters) AS counters`,
  )) as unknown as { rows: Record<string, string | null>[] };
  let files: string[] = [];
  try {
    files = readdirSync(path.join(server.dataDir, 'uploads'), { recursive: true }).map(String).sort();
  } catch {
    // no uploads yet
  }
  return JSON.stringify({
    ...result.rows[0],
    files: createHash('sha256').update(files.join('\n')).digest('hex'),
  });
}

async function send(server: TestServer, request: FuzzRequest): Promise<Answer> {
  const response = await server.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    payload: request.payload,
  });
  return { status: response.statusCode, headers: response.headers, body: response.body };
}

describe('fuzzing every operation from the OpenAPI document', () => {
  let server: TestServer;
  let ctx: Context;

  const newItem = async (token: string) => {
    const res = await server.request('POST', '/api/v1/items/', { token, json: { title: 'fuzz item' } });
    if (res.status !== 200) throw new Error(`item create failed: ${res.status} ${res.text}`);
    return res.body.id as string;
  };

  // Replacement users reuse the first user's password hash and get their token from the server's own
  // token function: no argon2 per replacement, so deletions do not eat the time budget.
  let passwordHash = '';
  const replacementUser = async () => {
    const row = await server.app.users.insert({
      email: uniqueEmail('fuzz'),
      hashedPassword: passwordHash,
      fullName: 'Fuzz',
    });
    const token = await createAccessToken(server.settings.secretKey, row.id, row.tokenVersion, 60);
    return { id: row.id, email: row.email, token };
  };

  /** After a successful write the actors may be gone (deleted, deactivated, signed out): bring them back. */
  async function repair() {
    const me = await server.request('GET', '/api/v1/users/me', { token: ctx.userToken });
    if (me.status !== 200 || !me.body.is_active || me.body.is_superuser) {
      const user = await replacementUser();
      Object.assign(ctx, { userId: user.id, userEmail: user.email, userToken: user.token });
      ctx.itemId = await newItem(user.token);
    }
    let su = await server.request('GET', '/api/v1/users/me', { token: ctx.superToken });
    if (su.status === 403) {
      // A fuzzed logout (POST /logout, sessions/revoke) ended the superuser's session, not the account.
      const row = await server.app.users.byId(ctx.superId);
      if (row) {
        ctx.superToken = await createAccessToken(server.settings.secretKey, row.id, row.tokenVersion, 60);
        su = await server.request('GET', '/api/v1/users/me', { token: ctx.superToken });
      }
    }
    if (su.status !== 200 || !su.body.is_superuser || !su.body.is_active) {
      throw new Error(`the superuser was changed by a fuzzed request: ${su.status} ${su.text}`);
    }
    const other = await server.request('GET', `/api/v1/users/${ctx.otherUserId}`, { token: ctx.superToken });
    if (other.status !== 200) {
      const user = await replacementUser();
      ctx.otherUserId = user.id;
      ctx.otherEmail = user.email;
    }
    for (const [key, token] of [
      ['itemId', ctx.userToken],
      ['superItemId', ctx.superToken],
    ] as const) {
      const item = await server.request('GET', `/api/v1/items/${ctx[key]}`, { token: ctx.superToken });
      if (item.status !== 200) ctx[key] = await newItem(token);
    }
  }

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_ENABLED: 'false' });
    const user = await server.newUser();
    const other = await server.newUser();
    const superToken = await server.superuserToken();
    const superMe = await server.request('GET', '/api/v1/users/me', { token: superToken });
    ctx = {
      userId: user.id,
      userEmail: user.email,
      userPassword: user.password,
      userToken: user.token,
      superId: superMe.body.id,
      superEmail: SUPERUSER.email,
      superToken,
      otherUserId: other.id,
      otherEmail: other.email,
      itemId: await newItem(user.token),
      superItemId: await newItem(superToken),
    };
    passwordHash = (await server.app.users.byId(user.id))?.hashedPassword ?? '';
  });
  afterAll(() => server?.close());

  it('the oracle catches what it must (a 500, a wrong shape, an undocumented success, a leak)', () => {
    const readItems = byId.get('readItems') as Operation;
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const ok = (status: number, body: unknown, headers: Record<string, unknown> = json) =>
      oracle.check(readItems, { status, headers, body: JSON.stringify(body) });
    expect(ok(200, { data: [], count: 0 })).toEqual([]);
    expect(ok(500, { detail: 'Internal Server Error' })).not.toEqual([]);
    expect(ok(503, { detail: 'Service Unavailable' })).not.toEqual([]);
    expect(ok(200, { data: [] })).not.toEqual([]);
    expect(ok(200, { data: [], count: 0, secret: 1 })).not.toEqual([]);
    expect(ok(200, { data: [{ id: 'x' }], count: 1 })).not.toEqual([]);
    expect(ok(201, { data: [], count: 0 })).not.toEqual([]);
    expect(ok(404, { message: 'Not Found' })).not.toEqual([]);
    expect(ok(401, { detail: 'Not authenticated' })).not.toEqual([]); // no WWW-Authenticate header
    expect(ok(401, { detail: 'Not authenticated' }, { ...json, 'www-authenticate': 'Bearer' })).toEqual([]);
    expect(ok(422, { detail: 'not a list' })).not.toEqual([]);
    expect(ok(409, { detail: [] })).not.toEqual([]); // undocumented: must be HTTPError
    expect(ok(415, { detail: 'Unsupported Media Type' })).toEqual([]);
    expect(ok(400, { detail: 'x' }, { 'content-type': 'text/html' })).not.toEqual([]);
    expect(ok(400, { detail: '$argon2id$v=19$m=19456' })).not.toEqual([]);
  });

  it('a refused write that touched the data would be seen by the fingerprint', async () => {
    for (const hashed of [false, true]) {
      const before = await fingerprint(server, hashed);
      await server.app.db.execute(sql`UPDATE users SET full_name = full_name WHERE false`);
      expect(await fingerprint(server, hashed)).toBe(before);
      await server.app.db.execute(
        sql`UPDATE items SET description = md5(random()::text) WHERE id = ${ctx.superItemId}`,
      );
      expect(await fingerprint(server, hashed)).not.toBe(before);
    }
    // Even a write of the same values is a new row version.
    const before = await fingerprint(server);
    await server.app.db.execute(sql`UPDATE items SET title = title WHERE id = ${ctx.superItemId}`);
    expect(await fingerprint(server)).not.toBe(before);
  });

  it(`answers ${TOTAL} generated requests without a 5xx, as documented, and refused writes change nothing`, {
    timeout: 180_000,
  }, async () => {
    // Every operation × actor gets its share, in an interleaved order.
    const combos = operations.flatMap((op) => ACTORS.map((actor) => ({ op, actor })));
    const perCombo = Math.ceil(TOTAL / combos.length);
    const samples = combos.map(({ op, actor }, i) =>
      fc.sample(planArbitrary(document, op, actor), { numRuns: perCombo, seed: SEED + i }),
    );
    const plans: Plan[] = [];
    for (let round = 0; round < perCombo && plans.length < TOTAL; round++) {
      for (const list of samples) {
        const plan = list[round];
        if (plan && plans.length < TOTAL) plans.push(plan);
      }
    }

    const failures: string[] = [];
    const statuses = new Map<string, number>();
    const timeByOp = new Map<string, number>();
    let fingerprintMs = 0;
    let lastFingerprint = '';
    let serverErrors = 0;
    let checkedWrites = 0;
    const started = performance.now();
    for (const [index, plan] of plans.entries()) {
      const op = byId.get(plan.operationId) as Operation;
      const request = plan.build(ctx);
      const write = request.method !== 'GET';
      // A wrong confirmation code is counted (see fingerprint): that operation compares row hashes.
      const hashed = plan.operationId === 'checkConfirmEmailMe';
      let fpStarted = performance.now();
      const before = write ? (!hashed && lastFingerprint) || (await fingerprint(server, hashed)) : '';
      fingerprintMs += performance.now() - fpStarted;
      const sentAt = performance.now();
      const answer = await send(server, request);
      timeByOp.set(plan.operationId, (timeByOp.get(plan.operationId) ?? 0) + performance.now() - sentAt);
      const key = `${plan.operationId} ${answer.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (answer.status >= 500) serverErrors++;
      const problems = oracle.check(op, answer);
      if (answer.status >= 200 && answer.status < 300) {
        const body = answer.headers['content-type']?.toString().includes('json')
          ? JSON.parse(answer.body)
          : null;
        if (plan.operationId === 'registerUser' && body?.is_superuser !== false)
          problems.push('signup made a superuser');
        if (
          plan.operationId === 'createItem' &&
          body?.owner_id !== (plan.actor === 'superuser' ? ctx.superId : ctx.userId)
        ) {
          problems.push('item created for someone other than the caller');
        }
      }
      if (write && answer.status >= 400 && answer.status < 500) {
        checkedWrites++;
        fpStarted = performance.now();
        const after = await fingerprint(server, hashed);
        fingerprintMs += performance.now() - fpStarted;
        if (after !== before) problems.push(`refused write (${answer.status}) changed the database`);
        lastFingerprint = hashed ? '' : after;
      }
      if (problems.length > 0 && failures.length < 30) {
        const payload = request.payload === undefined ? '' : String(request.payload).slice(0, 300);
        failures.push(
          `#${index} ${plan.actor} ${plan.kind} ${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.headers).slice(0, 200)} ${payload}\n` +
            `   → ${answer.status} ${answer.body.slice(0, 300)}\n   ✗ ${problems.join('; ')}`,
        );
      }
      // The last fingerprint stands for the next write's "before" until something was allowed to write.
      if (write && (answer.status < 400 || answer.status >= 500)) lastFingerprint = '';
      if (write && answer.status >= 200 && answer.status < 300) await repair();
    }
    const seconds = (performance.now() - started) / 1000;

    const summary = [...statuses.entries()].sort().map(([k, n]) => `${k}: ${n}`);
    console.log(
      `fuzz: ${plans.length} requests over ${operations.length} operations × ${ACTORS.length} actors in ${seconds.toFixed(1)} s ` +
        `(seed ${SEED}, driver ${server.driver}); 5xx: ${serverErrors}; refused writes checked: ${checkedWrites}; ` +
        `failures: ${failures.length}; time in requests ${([...timeByOp.values()].reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s, in fingerprints ${(fingerprintMs / 1000).toFixed(1)} s\n${summary.join(', ')}\nslowest operations (s): ${[
          ...timeByOp,
        ]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)}`)
          .join(', ')}`,
    );
    expect(plans.length).toBe(TOTAL);
    // Every operation was answered at least once with each of its kinds of outcome we can reach.
    for (const op of operations) {
      expect([...statuses.keys()].some((k) => k.startsWith(`${op.operationId} `))).toBe(true);
    }
    expect(failures, `replay with FUZZ_SEED=${SEED} FUZZ_REQUESTS=${TOTAL}\n${failures.join('\n')}`).toEqual(
      [],
    );
    expect(serverErrors).toBe(0);
  });
});

describe('with rate limits on, 429 has the documented shape', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_LOGIN_PER_IP: '2/60',
      RATE_LIMIT_SIGNUP_PER_IP: '2/60',
      RATE_LIMIT_RECOVERY_PER_IP: '2/60',
      RATE_LIMIT_RESET_PER_IP: '2/60',
      RATE_LIMIT_CONFIRM_PER_IP: '2/60',
    });
  });
  afterAll(() => server?.close());

  it('every limited operation answers 429 with {detail} and Retry-After', async () => {
    const user = await server.newUser();
    const calls: [string, () => FuzzRequest][] = [
      [
        'loginAccessToken',
        () => ({
          method: 'POST',
          url: '/api/v1/login/access-token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'username=nobody%40example.com&password=whatever1',
        }),
      ],
      [
        'registerUser',
        () => ({
          method: 'POST',
          url: '/api/v1/users/signup',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({
            email: `x${Math.random()}@example.com`.replace('0.', ''),
            password: 'not-in-any-list-9431',
          }),
        }),
      ],
      [
        'recoverPassword',
        () => ({ method: 'POST', url: '/api/v1/password-recovery/nobody%40example.com', headers: {} }),
      ],
      [
        'resetPassword',
        () => ({
          method: 'POST',
          url: '/api/v1/reset-password/',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ token: 'bad', new_password: 'whatever-123' }),
        }),
      ],
      [
        'checkConfirmEmailMe',
        () => ({
          method: 'PATCH',
          url: '/api/v1/users/me/check_confirm_email',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
          payload: JSON.stringify({ confirm_code: '000000' }),
        }),
      ],
      [
        'resendConfirmEmailMe',
        () => ({
          method: 'PATCH',
          url: '/api/v1/users/me/resend_confirm_email',
          headers: { authorization: `Bearer ${user.token}` },
        }),
      ],
    ];
    for (const [operationId, make] of calls) {
      const op = byId.get(operationId);
      if (!op) throw new Error(`no operation ${operationId} in the document`);
      let limited = 0;
      for (let i = 0; i < 4; i++) {
        const answer = await send(server, make());
        expect(oracle.check(op, answer), `${operationId} → ${answer.status} ${answer.body}`).toEqual([]);
        if (answer.status === 429) limited++;
      }
      expect(limited, `${operationId} was never limited`).toBeGreaterThan(0);
    }
  });
});
