import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counters, items } from '../../server/db/schema.ts';
import { API, tableCounts } from '../support/api.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * The list counts come from trigger-kept counters, sharded per database connection (migration
 * 0003_sharded_counters): they must stay exact under concurrent writes, and leave nothing behind.
 */

let server: TestServer;
let su: string;
beforeAll(async () => {
  server = await startTestServer();
  su = await server.superuserToken();
});
afterAll(() => server.close());

type Item = { id: string };
const listCount = async (token: string) =>
  (await server.request<{ count: number }>('GET', `${API}/items/?limit=1`, { token })).body.count;
const ownedBy = async (ownerId: string) =>
  (await server.app.db.select({ id: items.id }).from(items).where(eq(items.ownerId, ownerId))).length;

describe('item counts', () => {
  it('stay exact when many creates and deletes of two owners run at once', async () => {
    const [alice, bob] = await Promise.all([server.newUser(), server.newUser()]);
    const created = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        server.request<Item>('POST', `${API}/items/`, {
          token: i % 2 ? bob.token : alice.token,
          json: { title: `concurrent ${i}` },
        }),
      ),
    );
    expect(created.map((answer) => answer.status)).toEqual(Array(60).fill(200));
    const alices = created.filter((_, i) => i % 2 === 0).map((answer) => answer.body.id);
    const deleted = await Promise.all(
      alices.slice(0, 7).map((id) => server.request('DELETE', `${API}/items/${id}`, { token: alice.token })),
    );
    expect(deleted.map((answer) => answer.status)).toEqual(Array(7).fill(200));

    expect(await listCount(alice.token)).toBe(23);
    expect(await ownedBy(alice.id)).toBe(23);
    expect(await listCount(bob.token)).toBe(30);
    expect(await listCount(su)).toBe((await tableCounts(server)).items);
    if (server.driver === 'postgres') {
      // The writes went through several pooled connections, so several shards carry the total.
      const [row] = await server.app.db
        .select({ shards: sql<number>`count(*)::int` })
        .from(counters)
        .where(eq(counters.key, 'items'));
      expect(row?.shards).toBeGreaterThan(1);
    }
  });

  it('a deleted owner leaves no counter rows, and the total drops by its items', async () => {
    const doomed = await server.newUser();
    for (let i = 0; i < 3; i++) {
      await server.request('POST', `${API}/items/`, { token: doomed.token, json: { title: `goes ${i}` } });
    }
    const before = await listCount(su);
    const answer = await server.request('DELETE', `${API}/users/${doomed.id}`, { token: su });
    expect(answer.status).toBe(200);
    expect(await listCount(su)).toBe(before - 3);
    expect(await listCount(su)).toBe((await tableCounts(server)).items);
    const left = await server.app.db
      .select()
      .from(counters)
      .where(like(counters.key, `items:${doomed.id}`));
    expect(left).toEqual([]);
  });
});
