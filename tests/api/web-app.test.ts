import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * The built SPA as server/web.ts serves it, from a web root laid out as `vite build` leaves it: hashed
 * assets with their precompressed .br and .gz beside them, index.html for every client-side route.
 */

const INDEX =
  '<!doctype html><html lang="en"><head><title>Starter</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const ASSET = '/assets/index-Ab12Cd34.js';

let server: TestServer;
beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'starter-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), INDEX);
  writeFileSync(path.join(webRoot, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(path.join(webRoot, ASSET), SCRIPT);
  writeFileSync(path.join(webRoot, `${ASSET}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(webRoot, `${ASSET}.gz`), gzipSync(SCRIPT));
  server = await startTestServer({}, { webRoot });
});
afterAll(() => server.close());

const get = (url: string, encoding?: string) =>
  server.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the SPA', () => {
  it.each([
    ['/', undefined],
    ['/', 'gzip'],
    ['/', 'br'],
    ['/login', undefined],
    ['/items?page=2', 'gzip, br'],
    ['/admin', 'identity'],
  ])('GET %s (Accept-Encoding: %s) answers index.html, never cached', async (url, encoding) => {
    const answer = await get(url, encoding);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    const body =
      answer.headers['content-encoding'] === 'gzip'
        ? (await import('node:zlib')).gunzipSync(answer.rawPayload).toString()
        : answer.body;
    expect(body).toBe(INDEX);
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    [undefined, undefined],
  ])(
    'a hashed asset with Accept-Encoding %s comes %s-encoded, immutable for a year',
    async (accept, encoding) => {
      const answer = await get(ASSET, accept);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-encoding']).toBe(encoding);
      const zlib = await import('node:zlib');
      const body =
        encoding === 'br'
          ? zlib.brotliDecompressSync(answer.rawPayload).toString()
          : encoding === 'gzip'
            ? zlib.gunzipSync(answer.rawPayload).toString()
            : answer.body;
      expect(body).toBe(SCRIPT);
    },
  );

  it('a missing file is a 404, not the SPA; unknown API paths answer 404 JSON', async () => {
    expect((await get('/assets/missing-00000000.js')).statusCode).toBe(404);
    const api = await get('/api/v1/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not Found' });
  });

  const fetchAs = (url: string, accept: string) =>
    server.app.inject({ method: 'GET', url, headers: { accept } });
  const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it.each(['/foo.txt', '/a.b', '/reports/2026.csv'])(
    'an unknown path with a dot (%s) answers JSON {"detail":"Not Found"}',
    async (url) => {
      for (const accept of ['application/json', '*/*']) {
        const answer = await fetchAs(url, accept);
        expect(answer.statusCode).toBe(404);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(answer.json()).toEqual({ detail: 'Not Found' });
      }
    },
  );

  it.each(['/foo.txt', '/a.b', '/reports/2026.csv'])(
    'a browser asking for %s as HTML gets the SPA, which shows its 404 page',
    async (url) => {
      const answer = await fetchAs(url, BROWSER);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body).toBe(INDEX);
    },
  );

  it('missing hashed assets and /api/… stay plain 404s, even for a browser', async () => {
    for (const url of [
      '/assets/missing-00000000.js',
      '/assets/gone.css',
      '/api/v1/nothing.json',
      '/docs/x.y',
    ]) {
      const answer = await fetchAs(url, BROWSER);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toBe(INDEX);
    }
    expect((await fetchAs('/api/v1/nothing.json', BROWSER)).json()).toEqual({ detail: 'Not Found' });
  });
});

describe('the statechart viewer', () => {
  const CHUNK = '/assets/statecharts-Xy12Zw34.js';
  const serverWith = async (env: Record<string, string>) => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'starter-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX);
    writeFileSync(path.join(webRoot, CHUNK), SCRIPT);
    writeFileSync(path.join(webRoot, `${CHUNK}.br`), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(webRoot, ASSET), SCRIPT);
    return startTestServer(env, { webRoot });
  };

  it('hidden (SERVE_STATECHARTS=false, as in production): its page and its chunk answer 404', async () => {
    const hidden = await serverWith({ SERVE_STATECHARTS: 'false' });
    try {
      for (const url of ['/statecharts', '/statecharts/login', '/statecharts?machine=login', CHUNK]) {
        for (const encoding of [undefined, 'br']) {
          const res = await hidden.app.inject({
            method: 'GET',
            url,
            headers: { accept: 'text/html', ...(encoding ? { 'accept-encoding': encoding } : {}) },
          });
          expect(res.statusCode, `${url} ${encoding ?? ''}`).toBe(404);
          expect(res.json()).toEqual({ detail: 'Not Found' });
        }
      }
      // The rest of the SPA is served as before, and the SPA can still ask whether the viewer is on.
      expect((await hidden.app.inject({ method: 'GET', url: ASSET })).statusCode).toBe(200);
      expect((await hidden.app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(200);
      expect((await hidden.app.inject({ method: 'GET', url: '/statecharts.json' })).json()).toEqual({
        enabled: false,
      });
    } finally {
      await hidden.close();
    }
  });

  it('shown (SERVE_STATECHARTS=true): its page is the SPA and its chunk is served', async () => {
    const shown = await serverWith({ SERVE_STATECHARTS: 'true' });
    try {
      const page = await shown.app.inject({
        method: 'GET',
        url: '/statecharts',
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(INDEX);
      expect((await shown.app.inject({ method: 'GET', url: CHUNK })).body).toBe(SCRIPT);
    } finally {
      await shown.close();
    }
  });
});
