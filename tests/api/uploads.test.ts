import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, multipart } from '../support/api.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MB = 1024 * 1024;

const upload = (
  what: 'profile_photo' | 'asset',
  token: string,
  file: { name: string; type: string; data: Buffer } | null,
) => server.request('PATCH', `/api/v1/users/me/${what}`, { token, ...multipart({}, file ?? undefined) });

/** Every stored file under the data folder's uploads, relative. */
function storedFiles(): string[] {
  const root = path.join(server.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
}

describe('profile photo', () => {
  for (const [name, type] of [
    ['photo.png', 'image/png'],
    ['photo.jpg', 'image/jpeg'],
    ['photo.webp', 'image/webp'],
  ] as const) {
    it(`accepts a real ${type} and serves it back with that type`, async () => {
      const user = await server.newUser();
      const data = fixture(name);
      // The declared type is deliberately generic: the server must recognise the content itself.
      const res = await upload('profile_photo', user.token, {
        name: 'upload.bin',
        type: 'application/octet-stream',
        data,
      });
      expect(res.status).toBe(200);
      expect(res.body.profile_photo_url).toMatch(new RegExp(`^/api/v1/files/profile-photo/${user.id}\\?`));
      const file = await server.request('GET', res.body.profile_photo_url);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.raw.equals(data)).toBe(true);
    });
  }

  it('rejects a file that only claims to be an image, and stores nothing', async () => {
    const user = await server.newUser();
    const before = storedFiles();
    const res = await upload('profile_photo', user.token, {
      name: 'evil.png',
      type: 'image/png',
      data: Buffer.from('<svg onload="alert(1)"></svg>'),
    });
    expect(res.status).toBe(415);
    expect(res.body.detail).toBe('The profile photo must be a PNG, JPEG or WebP image');
    expect(storedFiles()).toEqual(before);
    const me = await server.request('GET', '/api/v1/users/me', { token: user.token });
    expect(me.body.profile_photo_url).toBeNull();
  });

  it('rejects an empty file (400), a missing file (422) and one over 5 MB (413)', async () => {
    const user = await server.newUser();
    const before = storedFiles();
    const empty = await upload('profile_photo', user.token, {
      name: 'a.png',
      type: 'image/png',
      data: Buffer.alloc(0),
    });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('The file is empty');
    const missing = await server.request('PATCH', '/api/v1/users/me/profile_photo', {
      token: user.token,
      ...multipart({ note: 'no file here' }),
    });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0].loc).toEqual(['body', 'file']);
    const big = Buffer.concat([fixture('photo.jpg'), Buffer.alloc(5 * MB)]);
    const tooBig = await upload('profile_photo', user.token, {
      name: 'big.jpg',
      type: 'image/jpeg',
      data: big,
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.detail).toBe('File too large: the limit is 5 MB');
    const json = await server.request('PATCH', '/api/v1/users/me/profile_photo', {
      token: user.token,
      json: {},
    });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    expect(storedFiles()).toEqual(before);
  });

  it('replaces the old file on a new upload, and removes it on delete', async () => {
    const user = await server.newUser();
    const first = await upload('profile_photo', user.token, {
      name: 'a.png',
      type: 'image/png',
      data: fixture('photo.png'),
    });
    const second = await upload('profile_photo', user.token, {
      name: 'b.jpg',
      type: 'image/jpeg',
      data: fixture('photo.jpg'),
    });
    expect(second.body.profile_photo_url).not.toBe(first.body.profile_photo_url);
    expect((await server.request('GET', first.body.profile_photo_url)).status).toBe(404);
    expect(storedFiles().filter((f) => f.includes(user.id))).toHaveLength(1);
    const removed = await server.request('DELETE', '/api/v1/users/me/profile_photo', { token: user.token });
    expect(removed.status).toBe(200);
    expect(removed.body.profile_photo_url).toBeNull();
    expect(storedFiles().filter((f) => f.includes(user.id))).toHaveLength(0);
  });

  it('refuses a tampered or expired link', async () => {
    const user = await server.newUser();
    const res = await upload('profile_photo', user.token, {
      name: 'a.png',
      type: 'image/png',
      data: fixture('photo.png'),
    });
    const url = new URL(res.body.profile_photo_url, 'http://x');
    const tampered = new URL(url);
    tampered.searchParams.set('sig', `${url.searchParams.get('sig')?.slice(0, -2)}AA`);
    expect((await server.request('GET', tampered.pathname + tampered.search)).status).toBe(403);
    const expired = new URL(url);
    expired.searchParams.set('exp', '1000');
    expect((await server.request('GET', expired.pathname + expired.search)).status).toBe(403);
    const otherUser = await server.newUser();
    const moved = `/api/v1/files/profile-photo/${otherUser.id}${url.search}`;
    expect((await server.request('GET', moved)).status).toBe(403);
  });
});

describe('asset', () => {
  it('accepts any file up to 20 MB, keeps a clean name, and serves it as an attachment', async () => {
    const user = await server.newUser();
    const data = Buffer.from('%PDF-1.4 not really, but any bytes are fine');
    const res = await upload('asset', user.token, {
      name: '../../etc/passwd',
      type: 'application/pdf',
      data,
    });
    expect(res.status).toBe(200);
    expect(res.body.asset_name).toBe('passwd');
    expect(res.body.asset_size).toBe(data.length);
    expect(storedFiles().some((f) => f.includes('passwd'))).toBe(false);
    const file = await server.request('GET', res.body.asset_url);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="passwd"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.text).toBe(data.toString());
  });

  it('rejects an asset over 20 MB and keeps the previous one', async () => {
    const user = await server.newUser();
    const ok = await upload('asset', user.token, {
      name: 'a.txt',
      type: 'text/plain',
      data: Buffer.from('v1'),
    });
    const tooBig = await upload('asset', user.token, {
      name: 'b.bin',
      type: 'application/octet-stream',
      data: Buffer.alloc(20 * MB + 1, 1),
    });
    expect(tooBig.status).toBe(413);
    const me = await server.request('GET', '/api/v1/users/me', { token: user.token });
    expect(me.body.asset_url).toBe(ok.body.asset_url);
    expect((await server.request('GET', me.body.asset_url)).text).toBe('v1');
  });

  it('shows the asset link to its owner and superusers only', async () => {
    const owner = await server.newUser();
    await upload('asset', owner.token, { name: 'a.txt', type: 'text/plain', data: Buffer.from('secret') });
    await upload('profile_photo', owner.token, {
      name: 'a.png',
      type: 'image/png',
      data: fixture('photo.png'),
    });
    const admin = await server.superuserToken();
    const asAdmin = await server.request('GET', `/api/v1/users/${owner.id}`, { token: admin });
    expect(asAdmin.body.asset_url).toMatch(/^\/api\/v1\/files\/asset\//);
    expect(asAdmin.body.asset_name).toBe('a.txt');
    // Another superuser-visible list also carries it; a normal user can't read others' records at all.
    const other = await server.newUser();
    expect((await server.request('GET', `/api/v1/users/${owner.id}`, { token: other.token })).status).toBe(
      403,
    );
  });

  it('deleting the user deletes their files', async () => {
    const user = await server.newUser();
    await upload('asset', user.token, { name: 'a.txt', type: 'text/plain', data: Buffer.from('x') });
    await upload('profile_photo', user.token, {
      name: 'a.png',
      type: 'image/png',
      data: fixture('photo.png'),
    });
    expect(storedFiles().filter((f) => f.includes(user.id))).toHaveLength(2);
    const res = await server.request('DELETE', '/api/v1/users/me', { token: user.token });
    expect(res.status).toBe(200);
    expect(storedFiles().filter((f) => f.includes(user.id))).toHaveLength(0);
  });
});

describe('subscription type and push token', () => {
  it('sets each plan and rejects any other value with 422', async () => {
    const user = await server.newUser();
    expect(user.record.subscription_type).toBe('Free');
    for (const plan of ['Plan1', 'Plan2', 'Free']) {
      const res = await server.request(
        'PATCH',
        `/api/v1/users/me/subscription_type?subscription_type=${plan}`,
        {
          token: user.token,
        },
      );
      expect(res.status).toBe(200);
      expect(res.body.subscription_type).toBe(plan);
    }
    for (const bad of ['Gold', 'plan1', '']) {
      const res = await server.request(
        'PATCH',
        `/api/v1/users/me/subscription_type?subscription_type=${bad}`,
        {
          token: user.token,
        },
      );
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['query', 'subscription_type']);
    }
    const missing = await server.request('PATCH', '/api/v1/users/me/subscription_type', {
      token: user.token,
    });
    expect(missing.status).toBe(422);
    expect(
      (await server.request('PATCH', '/api/v1/users/me/subscription_type?subscription_type=Plan1')).status,
    ).toBe(401);
  });

  it('lets an admin change a user plan', async () => {
    const user = await server.newUser();
    const admin = await server.superuserToken();
    const res = await server.request('PATCH', `/api/v1/users/${user.id}`, {
      token: admin,
      json: { subscription_type: 'Plan2' },
    });
    expect(res.body.subscription_type).toBe('Plan2');
    const bad = await server.request('PATCH', `/api/v1/users/${user.id}`, {
      token: admin,
      json: { subscription_type: 'X' },
    });
    expect(bad.status).toBe(422);
  });

  it('stores the push token, rejects blank ones, and never returns it', async () => {
    const user = await server.newUser();
    const token = 'fcm-device-token-1234567890';
    const res = await server.request('PATCH', '/api/v1/users/me/set_fcm_token', {
      token: user.token,
      json: { fcm_token: token },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Push notification token saved' });
    const row = await server.app.users.byId(user.id);
    expect(row?.fcmToken).toBe(token);
    for (const blank of ['', '   ', '\t']) {
      const bad = await server.request('PATCH', '/api/v1/users/me/set_fcm_token', {
        token: user.token,
        json: { fcm_token: blank },
      });
      expect(bad.status).toBe(422);
    }
    expect((await server.app.users.byId(user.id))?.fcmToken).toBe(token);
    const admin = await server.superuserToken();
    const answers = [
      await server.request('GET', '/api/v1/users/me', { token: user.token }),
      await server.request('GET', `/api/v1/users/${user.id}`, { token: admin }),
      await server.request('GET', '/api/v1/users/?limit=1000', { token: admin }),
    ];
    for (const answer of answers) expect(answer.text).not.toContain(token);
  });
});
