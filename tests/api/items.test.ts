import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, dbSnapshot, expectError, NIL_UUID, tableCounts } from '../support/api.ts';
import { startTestServer, type TestServer, type TestUser } from '../support/server.ts';

let server: TestServer;
let su: string;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  su = await server.superuserToken();
  owner = await server.newUser();
  stranger = await server.newUser();
});
afterAll(() => server.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Item = { id: string; title: string; description: string | null; sku: string | null; owner_id: string };

const create = (token: string, body: Record<string, unknown>) =>
  server.request<Item>('POST', `${API}/items/`, { token, json: body });
const list = (token: string, query = '') =>
  server.request<{ data: Item[]; count: number }>('GET', `${API}/items/${query}`, { token });

describe('POST /items/', () => {
  it('creates an ItemPublic owned by the caller', async () => {
    const res = await create(owner.token, { title: 'Lamp', description: 'Desk lamp', sku: 'LMP-1' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'created_at',
      'description',
      'id',
      'owner_id',
      'sku',
      'title',
    ]);
    expect(res.body).toMatchObject({
      title: 'Lamp',
      description: 'Desk lamp',
      sku: 'LMP-1',
      owner_id: owner.id,
    });
    expect(res.body.id).toMatch(UUID);
    expect(Date.parse((res.body as unknown as { created_at: string }).created_at)).not.toBeNaN();
    const read = await server.request('GET', `${API}/items/${res.body.id}`, { token: owner.token });
    expect(read.body).toEqual(res.body);
  });

  it('description and sku are optional (null)', async () => {
    const res = await create(owner.token, { title: 'Bare' });
    expect(res.status).toBe(200);
    expect(res.body.description).toBeNull();
    expect(res.body.sku).toBeNull();
  });

  it('accepts the limits exactly (title and description of 255 characters)', async () => {
    const res = await create(owner.token, {
      title: 't'.repeat(255),
      description: 'd'.repeat(255),
      sku: 's'.repeat(255),
    });
    expect(res.status).toBe(200);
    expect(res.body.title).toHaveLength(255);
    expect(res.body.description).toHaveLength(255);
  });

  it('ignores unknown fields, owner_id and id: the caller owns the item', async () => {
    const res = await create(owner.token, {
      title: 'Mine',
      owner_id: stranger.id,
      id: NIL_UUID,
      colour: 'red',
      created_at: '2000-01-01T00:00:00Z',
    });
    expect(res.status).toBe(200);
    expect(res.body.owner_id).toBe(owner.id);
    expect(res.body.id).not.toBe(NIL_UUID);
    expect(res.body).not.toHaveProperty('colour');
    expect(Date.parse((res.body as unknown as { created_at: string }).created_at)).toBeGreaterThan(
      Date.parse('2020-01-01'),
    );
    const strangerList = await list(stranger.token);
    expect(strangerList.body.data.map((i) => i.id)).not.toContain(res.body.id);
  });
});

describe('GET /items/', () => {
  it('normal users see only their own items, newest first; superusers see everyone’s', async () => {
    const a = await server.newUser();
    const b = await server.newUser();
    const aIds: string[] = [];
    for (let i = 0; i < 4; i++) aIds.push((await create(a.token, { title: `a${i}` })).body.id);
    const bId = (await create(b.token, { title: 'b0' })).body.id;

    const mine = await list(a.token);
    expect(mine.status).toBe(200);
    expect(Object.keys(mine.body).sort()).toEqual(['count', 'data']);
    expect(mine.body.count).toBe(4);
    expect(mine.body.data.map((i) => i.id)).toEqual([...aIds].reverse());
    expect(mine.body.data.every((i) => i.owner_id === a.id)).toBe(true);

    const theirs = await list(b.token);
    expect(theirs.body).toMatchObject({ count: 1 });
    expect(theirs.body.data.map((i) => i.id)).toEqual([bId]);

    const all = await list(su);
    const total = (await tableCounts(server)).items;
    expect(all.body.count).toBe(total);
    expect(all.body.data).toHaveLength(Math.min(total, 100));
    const allIds = all.body.data.map((i) => i.id);
    for (const id of [...aIds, bId]) expect(allIds).toContain(id);
    const times = all.body.data.map((i) => Date.parse((i as unknown as { created_at: string }).created_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    // The newest five across everyone are b0 then a3..a0.
    expect(allIds.slice(0, 5)).toEqual([bId, ...[...aIds].reverse()]);
  });

  it('honours skip and limit; count ignores them', async () => {
    const user = await server.newUser();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await create(user.token, { title: `p${i}` })).body.id);
    const newestFirst = [...ids].reverse();
    const page1 = await list(user.token, '?skip=0&limit=5');
    expect(page1.body.count).toBe(7);
    expect(page1.body.data.map((i) => i.id)).toEqual(newestFirst.slice(0, 5));
    const page2 = await list(user.token, '?skip=5&limit=5');
    expect(page2.body.count).toBe(7);
    expect(page2.body.data.map((i) => i.id)).toEqual(newestFirst.slice(5));
    const middle = await list(user.token, '?skip=2&limit=3');
    expect(middle.body.data.map((i) => i.id)).toEqual(newestFirst.slice(2, 5));
    expect((await list(user.token, '?skip=50')).body).toEqual({ data: [], count: 7 });
    expect((await list(user.token, '?limit=0')).body).toEqual({ data: [], count: 7 });
    expect((await list(user.token, '?limit=1000')).body.data).toHaveLength(7);
  });

  it('a user without items gets {data: [], count: 0}', async () => {
    const user = await server.newUser();
    const res = await list(user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], count: 0 });
  });
});

describe('/items/{id}', () => {
  it('GET: owner and superuser 200; another user 403 "Not enough permissions"; unknown 404', async () => {
    const item = (await create(owner.token, { title: 'Private' })).body;
    expect((await server.request('GET', `${API}/items/${item.id}`, { token: owner.token })).body).toEqual(
      item,
    );
    expect((await server.request('GET', `${API}/items/${item.id}`, { token: su })).body).toEqual(item);
    expectError(
      await server.request('GET', `${API}/items/${item.id}`, { token: stranger.token }),
      403,
      'Not enough permissions',
    );
    expectError(
      await server.request('GET', `${API}/items/${NIL_UUID}`, { token: owner.token }),
      404,
      'Item not found',
    );
    expectError(
      await server.request('GET', `${API}/items/${NIL_UUID}`, { token: su }),
      404,
      'Item not found',
    );
  });

  it('PUT updates the fields sent, keeps the rest, ignores unknown fields and owner_id', async () => {
    const item = (await create(owner.token, { title: 'Old', description: 'Old desc', sku: 'OLD' })).body;
    const res = await server.request('PUT', `${API}/items/${item.id}`, {
      token: owner.token,
      json: { title: 'New', owner_id: stranger.id, id: NIL_UUID, extra: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...item, title: 'New' });
    const cleared = await server.request('PUT', `${API}/items/${item.id}`, {
      token: owner.token,
      json: { description: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ ...item, title: 'New', description: null });
    expect((await server.request('GET', `${API}/items/${item.id}`, { token: owner.token })).body).toEqual(
      cleared.body,
    );
  });

  it('PUT by a superuser works on anyone’s item; by another user 403 and nothing changes; unknown 404', async () => {
    const item = (await create(owner.token, { title: 'Shared?' })).body;
    const admin = await server.request('PUT', `${API}/items/${item.id}`, { token: su, json: { sku: 'ADM' } });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual({ ...item, sku: 'ADM' });
    expect(admin.body.owner_id).toBe(owner.id);
    const before = await dbSnapshot(server);
    expectError(
      await server.request('PUT', `${API}/items/${item.id}`, {
        token: stranger.token,
        json: { title: 'Hijacked' },
      }),
      403,
      'Not enough permissions',
    );
    expectError(
      await server.request('PUT', `${API}/items/${NIL_UUID}`, {
        token: owner.token,
        json: { title: 'Ghost' },
      }),
      404,
      'Item not found',
    );
    expect(await dbSnapshot(server)).toBe(before);
  });

  it('DELETE: another user 403 (kept); owner 200 "Item deleted successfully"; then 404; counts follow', async () => {
    const item = (await create(owner.token, { title: 'Doomed' })).body;
    const before = await dbSnapshot(server);
    expectError(
      await server.request('DELETE', `${API}/items/${item.id}`, { token: stranger.token }),
      403,
      'Not enough permissions',
    );
    expect(await dbSnapshot(server)).toBe(before);
    const ownCount = (await list(owner.token)).body.count;
    const allCount = (await list(su)).body.count;
    const res = await server.request('DELETE', `${API}/items/${item.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Item deleted successfully' });
    expect((await list(owner.token)).body.count).toBe(ownCount - 1);
    expect((await list(su)).body.count).toBe(allCount - 1);
    expectError(
      await server.request('GET', `${API}/items/${item.id}`, { token: owner.token }),
      404,
      'Item not found',
    );
    expectError(
      await server.request('DELETE', `${API}/items/${item.id}`, { token: owner.token }),
      404,
      'Item not found',
    );
  });

  it('DELETE by a superuser removes anyone’s item', async () => {
    const item = (await create(owner.token, { title: 'Moderated' })).body;
    const res = await server.request('DELETE', `${API}/items/${item.id}`, { token: su });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Item deleted successfully' });
    expectError(
      await server.request('GET', `${API}/items/${item.id}`, { token: owner.token }),
      404,
      'Item not found',
    );
  });

  it('accepts the id in upper case', async () => {
    const item = (await create(owner.token, { title: 'Case' })).body;
    const res = await server.request('GET', `${API}/items/${item.id.toUpperCase()}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(item.id);
  });
});
