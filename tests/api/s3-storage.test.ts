import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

// s3rver is an S3-compatible server on loopback: the real AWS SDK client, the real HTTP protocol.
let s3: S3rver;
let s3Dir: string;
let server: TestServer;

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'uploads', configs: [] }],
  });
  const address = (await s3.run()) as AddressInfo;
  server = await startTestServer({
    S3_BUCKET: 'uploads',
    S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
});
afterAll(async () => {
  await server.close();
  await s3.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

describe('uploads in an S3-compatible bucket', () => {
  it('stores, serves, replaces and deletes the profile photo in the bucket', async () => {
    expect(server.app.storage.kind).toBe('s3');
    const user = await server.newUser();
    const png = readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'photo.png'));
    const boundary = 'xyz';
    const body = (data: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const first = await server.request('PATCH', '/api/v1/users/me/profile_photo', {
      token: user.token,
      headers,
      payload: body(png),
    });
    expect(first.status).toBe(200);
    const served = await server.request('GET', first.body.profile_photo_url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.raw.equals(png)).toBe(true);

    const second = await server.request('PATCH', '/api/v1/users/me/profile_photo', {
      token: user.token,
      headers,
      payload: body(png),
    });
    expect(second.status).toBe(200);
    const oldVersion = new URL(first.body.profile_photo_url, 'http://x').searchParams.get('v') ?? '';
    expect(await server.app.storage.get(`profile-photo/${user.id}/${oldVersion}`)).toBeNull();

    await server.request('DELETE', '/api/v1/users/me', { token: user.token });
    const newVersion = new URL(second.body.profile_photo_url, 'http://x').searchParams.get('v') ?? '';
    expect(await server.app.storage.get(`profile-photo/${user.id}/${newVersion}`)).toBeNull();
  });
});
