import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { MethodsOf } from './http/api-routes.ts';

const API_OR_DOCS = /^\/(api|docs)(\/|$)/;
/** The statechart viewer: its page (a client-side route) and its chunk (elkjs and the models, 1.5 MB). */
const STATECHARTS = /^\/(statecharts(\/|$)|assets\/statecharts-[^/]*$)/;
const HASHED_ASSETS = /^\/assets\//;

/**
 * Whether an unknown path gets the SPA (and its 404 page): a GET outside the API, the docs and the assets;
 * with a dot (`/foo.txt`) only when a browser asks for HTML, else the JSON 404.
 */
function servesSpa(pathname: string, method: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (API_OR_DOCS.test(pathname) || HASHED_ASSETS.test(pathname)) return false;
  return !path.extname(pathname) || /\btext\/html\b/.test(accept ?? '');
}

/** Serves the built SPA: hashed assets cached for a year, index.html never, and for every client route. */
export async function registerWebApp(app: FastifyInstance, webRoot: string | false, methodsOf: MethodsOf) {
  const hasWebApp = webRoot !== false && existsSync(path.join(webRoot, 'index.html'));
  if (!app.settings.serveStatecharts) {
    // Hidden (production, unless SERVE_STATECHARTS=true): neither its page nor its code is served.
    app.addHook('onRequest', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (STATECHARTS.test(pathname)) return reply.code(404).send({ detail: 'Not Found' });
    });
  }
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // @fastify/static answers a directory request without an index (and without Accept-Encoding, when
    // precompressed) with 403: the root is the SPA's page like any other client-side route.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html'),
    );
  }
  // The SPA asks whether to show the statechart viewer (SERVE_STATECHARTS; on except in production).
  app.get('/statecharts.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { enabled: app.settings.serveStatecharts };
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (hasWebApp && servesSpa(pathname, request.method, request.headers.accept)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    // As FastAPI: a known path with another method is a 405; one off by a trailing slash, a 307 to it.
    const allowed = methodsOf(pathname);
    if (allowed) {
      return reply.code(405).header('Allow', allowed.join(', ')).send({ detail: 'Method Not Allowed' });
    }
    const other = pathname.endsWith('/') ? pathname.slice(0, -1) : `${pathname}/`;
    if (methodsOf(other)?.includes(request.method)) {
      return reply.redirect(other + request.url.slice(pathname.length), 307);
    }
    return reply.code(404).send({ detail: 'Not Found' });
  });
}
