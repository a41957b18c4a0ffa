import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, items } from '../../server/db/schema.ts';
import { canonical, fingerprintOf, idempotentOperations } from '../../server/http/idempotency.ts';
import {
  API,
  expectValidation,
  fixture,
  multipart,
  openapiDocument,
  resetTokenFrom,
} from '../support/api.ts';
import {
  eventually,
  startTestServer,
  type TestServer,
  type TestUser,
  uniqueEmail,
} from '../support/server.ts';

// The Idempotency-Key header (server/http/idempotency.ts): a retried write is done once.

let server: TestServer;
let su: string;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  su = await server.superuserToken();
  owner = await server.newUser();
  other = await server.newUser();
});
afterAll(() => server.close());

const post = (token: string | undefined, url: string, json: unknown, key?: string) =>
  server.request<any>('POST', url, {
    ...(token === undefined ? {} : { token }),
    json,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
const createItem = (token: string, body: Record<string, unknown>, key?: string) =>
  post(token, `${API}/items/`, body, key);
const itemsTitled = async (ownerId: string, title: string) =>
  (
    await server.app.db
      .select()
      .from(items)
      .where(and(eq(items.ownerId, ownerId), eq(items.title, title)))
  ).length;

describe('Idempotency-Key on POST /items/', () => {
  it('a retry with the same key and body gets the first answer, and one item exists', async () => {
    const key = randomUUID();
    const first = await createItem(owner.token, { title: 'once', description: 'd' }, key);
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await createItem(owner.token, { title: 'once', description: 'd' }, key);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.text).toBe(first.text);
    expect(String(retry.headers['content-type'])).toContain('application/json');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await itemsTitled(owner.id, 'once')).toBe(1);
    // The same body's fields in another order, and the key as the draft's quoted string: the same request.
    const reordered = await createItem(owner.token, { description: 'd', title: 'once' }, `"${key}"`);
    expect(reordered.body).toEqual(first.body);
    expect(await itemsTitled(owner.id, 'once')).toBe(1);
  });

  it('without the header each POST creates', async () => {
    await createItem(owner.token, { title: 'twice' });
    await createItem(owner.token, { title: 'twice' });
    expect(await itemsTitled(owner.id, 'twice')).toBe(2);
  });

  it('the same key with another body is a 422 in FastAPI shape, and creates nothing', async () => {
    const key = randomUUID();
    expect((await createItem(owner.token, { title: 'first body' }, key)).status).toBe(200);
    const res = await createItem(owner.token, { title: 'second body' }, key);
    expectValidation(res, ['header', 'idempotency-key'], 'idempotency_key_reused');
    expect(await itemsTitled(owner.id, 'second body')).toBe(0);
  });

  it("keys are each user's own: another user's same key is another request", async () => {
    const key = randomUUID();
    const mine = await createItem(owner.token, { title: 'shared key' }, key);
    const theirs = await createItem(other.token, { title: 'shared key' }, key);
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.owner_id).toBe(other.id);
  });

  it('a retry while the first request still runs is a 409 with Retry-After; a dead claim is taken over', async () => {
    const key = randomUUID();
    const body = { title: 'in flight' };
    // What another process's running request leaves: the key claimed, no answer yet.
    const fingerprint = fingerprintOf(server.settings.secretKey, 'createItem', {
      params: {},
      query: {},
      body,
    } as never);
    const claimed = await server.app.idempotency.claim(`user:${owner.id}`, key, fingerprint);
    expect(claimed.kind).toBe('claimed');
    const res = await createItem(owner.token, body, key);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 409,
      body: { detail: 'A request with this Idempotency-Key is still being processed' },
    });
    expect(res.headers['retry-after']).toBe('1');
    expect(await itemsTitled(owner.id, 'in flight')).toBe(0);
    // The claim's lease ran out (its process died before answering): a retry runs it.
    await server.app.db
      .update(idempotencyKeys)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, key));
    const retry = await createItem(owner.token, body, key);
    expect(retry.status).toBe(200);
    expect((await createItem(owner.token, body, key)).body).toEqual(retry.body);
    expect(await itemsTitled(owner.id, 'in flight')).toBe(1);
  });

  it('a running request renews its claim, so a slow request is not taken over; a finished one cannot', async () => {
    const store = server.app.idempotency;
    const scope = `user:${owner.id}`;
    const key = randomUUID();
    const claimed = await store.claim(scope, key, 'fp');
    if (claimed.kind !== 'claimed') throw new Error(claimed.kind);
    const claim = { scope, key, owner: claimed.owner };
    await server.app.db
      .update(idempotencyKeys)
      .set({ lockedUntil: sql`now() + interval '1 second'` })
      .where(eq(idempotencyKeys.key, key));
    expect(await store.renew(claim)).toBe(true);
    const [row] = await server.app.db
      .select({ left: sql<number>`extract(epoch from ${idempotencyKeys.lockedUntil} - now())::float8` })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(row?.left).toBeGreaterThan(50);
    expect((await store.claim(scope, key, 'fp')).kind).toBe('running');
    await store.complete(claim, 200, 'application/json', '{}');
    expect(await store.renew(claim)).toBe(false);
    // Another request's claim is not this one's to renew.
    expect(await store.renew({ ...claim, owner: randomUUID() })).toBe(false);
  });

  it('bad keys are 422s at the header, never 500s', async () => {
    for (const bad of ['""', '"unterminated', 'clé-non-ascii', 'x'.repeat(256)]) {
      const res = await createItem(owner.token, { title: 'bad key' }, bad);
      expectValidation(res, ['header', 'idempotency-key']);
    }
    expect(await itemsTitled(owner.id, 'bad key')).toBe(0);
  });

  it('a refused request keeps no answer: the key may be retried once the cause is gone', async () => {
    const key = randomUUID();
    const email = uniqueEmail('taken');
    const taken = await post(su, `${API}/users/`, { email, password: 'password-123' });
    expect(taken.status).toBe(200);
    const body = { email, password: 'password-456', full_name: 'Second' };
    const refused = await post(su, `${API}/users/`, body, key);
    expect(refused.status).toBe(400);
    expect((await server.request('DELETE', `${API}/users/${taken.body.id}`, { token: su })).status).toBe(200);
    const retried = await post(su, `${API}/users/`, body, key);
    expect(retried.status).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(su, `${API}/users/`, body, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(retried.body);
  });
});

describe('Idempotency-Key on the other creating operations', () => {
  it('signup (anonymous): the same key and body replay the account, another body is refused', async () => {
    const key = randomUUID();
    const body = { email: uniqueEmail('signup'), password: 'password-123', full_name: 'Once' };
    const first = await post(undefined, `${API}/users/signup`, body, key);
    expect(first.status).toBe(200);
    const retry = await post(undefined, `${API}/users/signup`, body, key);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    const otherPassword = await post(
      undefined,
      `${API}/users/signup`,
      { ...body, password: 'guess-1234' },
      key,
    );
    expectValidation(otherPassword, ['header', 'idempotency-key'], 'idempotency_key_reused');
    // Anonymous keys are the operation's: the same key on password recovery is its own request.
    const recovery = await post(
      undefined,
      `${API}/password-recovery/${encodeURIComponent(body.email)}`,
      {},
      key,
    );
    expect(recovery.status).toBe(200);
  });

  it('password reset: a retry after a lost answer is told it worked, not "Invalid token"', async () => {
    const user = await server.newUser();
    await post(undefined, `${API}/password-recovery/${encodeURIComponent(user.email)}`, {});
    const mail = await eventually(() =>
      server.outbox().find((m) => m.to === user.email && /recovery/i.test(m.subject)),
    );
    const token = resetTokenFrom(mail.html, server.settings.frontendHost);
    const body = { token, new_password: 'brand-new-password-7' };
    const key = randomUUID();
    const first = await post(undefined, `${API}/reset-password/`, body, key);
    expect(first.body).toEqual({ message: 'Password updated successfully' });
    const retry = await post(undefined, `${API}/reset-password/`, body, key);
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 200, body: first.body });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    // Without the key the token is spent, as before.
    expect((await post(undefined, `${API}/reset-password/`, body)).status).toBe(400);
  });

  it('test e-mail: sent once for a retried request, twice without a key', async () => {
    const once = uniqueEmail('once');
    const key = randomUUID();
    for (let i = 0; i < 3; i++) {
      const res = await post(
        su,
        `${API}/utils/test-email/?email_to=${encodeURIComponent(once)}`,
        undefined,
        key,
      );
      expect(res.status).toBe(201);
    }
    const twice = uniqueEmail('twice');
    for (let i = 0; i < 2; i++)
      await post(su, `${API}/utils/test-email/?email_to=${encodeURIComponent(twice)}`, undefined);
    await eventually(() => (server.outbox().filter((m) => m.to === twice).length === 2 ? true : undefined));
    expect(server.outbox().filter((m) => m.to === once)).toHaveLength(1);
    // The query is part of the request: the same key for another recipient is refused.
    const res = await post(
      su,
      `${API}/utils/test-email/?email_to=${encodeURIComponent(twice)}`,
      undefined,
      key,
    );
    expectValidation(res, ['header', 'idempotency-key']);
  });

  it('uploads: the same file under another multipart boundary is the same request, another file is not', async () => {
    const user = await server.newUser();
    const key = randomUUID();
    const send = (data: Buffer) => {
      const body = multipart({}, { name: 'photo.png', type: 'image/png', data });
      return server.request<any>('PATCH', `${API}/users/me/profile_photo`, {
        token: user.token,
        payload: body.payload,
        headers: { ...body.headers, 'idempotency-key': key },
      });
    };
    const png = fixture('photo.png');
    const first = await send(png);
    expect(first.status).toBe(200);
    const retry = await send(png);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    const changed = Buffer.from(png);
    changed[changed.length - 1] = (changed.at(-1) ?? 0) ^ 1;
    expectValidation(await send(changed), ['header', 'idempotency-key'], 'idempotency_key_reused');
  });

  it('the document names the header on every creating POST, the uploads and the e-mail sends', () => {
    expect([...idempotentOperations(openapiDocument)].sort()).toEqual([
      'createItem',
      'createUser',
      'recoverPassword',
      'registerUser',
      'resendConfirmEmailMe',
      'resetPassword',
      'testEmail',
      'uploadAssetMe',
      'uploadProfilePhotoMe',
    ]);
  });
});

describe('key expiry', () => {
  it('keys past their 24 hours are pruned, and an expired key starts afresh', async () => {
    const key = randomUUID();
    const first = await createItem(owner.token, { title: 'old key' }, key);
    await server.app.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, key));
    const reused = await createItem(owner.token, { title: 'new use of an old key' }, key);
    expect(reused.status).toBe(200);
    expect(reused.body.id).not.toBe(first.body.id);
    const kept = randomUUID();
    await createItem(owner.token, { title: 'kept key' }, kept);
    await server.app.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, key));
    expect(await server.app.idempotency.prune()).toBeGreaterThanOrEqual(1);
    const left = await server.app.db.select().from(idempotencyKeys);
    expect(left.map((row) => row.key)).not.toContain(key);
    expect(left.map((row) => row.key)).toContain(kept);
    const row = left.find((r) => r.key === kept);
    if (!row) throw new Error('the kept key is gone');
    const hours = (row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 5);
  });

  it('canonical JSON sorts keys at every depth and hashes bytes', () => {
    expect(JSON.stringify(canonical({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } }))).toBe(
      '{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}',
    );
    expect(canonical(Buffer.from('abc'))).toEqual({
      sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    });
  });
});
