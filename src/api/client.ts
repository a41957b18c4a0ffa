import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { getToken } from './token';

export const API_PREFIX = '/api/v1';

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called when a request that carried a token is answered 401 or 403: the session is over. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Adds `Authorization: Bearer <access_token>` when a token is stored; reports refused tokens. */
export const tokenMiddleware: Middleware = {
  onRequest({ request }) {
    const token = getToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ request, response }) {
    if ((response.status === 401 || response.status === 403) && request.headers.has('Authorization')) {
      for (const listener of unauthorizedListeners) listener();
    }
    return response;
  },
};

function defaultBaseUrl(): string {
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost:8000';
  return `${origin}${API_PREFIX}`;
}

function build(baseUrl: string): Client<paths> {
  const client = createClient<paths>({ baseUrl });
  client.use(tokenMiddleware);
  return client;
}

let currentBaseUrl = defaultBaseUrl();
let current = build(currentBaseUrl);

/** The typed API client (paths from src/api/schema.d.ts). */
export function api(): Client<paths> {
  return current;
}

/** Point the client at another API origin, e.g. a server started by a test: `http://127.0.0.1:PORT/api/v1`. */
export function setApiBaseUrl(baseUrl: string): void {
  currentBaseUrl = baseUrl;
  current = build(baseUrl);
}

/** The base URL the client calls, for requests made without openapi-fetch (uploads with progress). */
export function apiBaseUrl(): string {
  return currentBaseUrl;
}

/** For requests made without openapi-fetch: a refused token (401/403) ends the session as usual. */
export function reportUnauthorized(): void {
  for (const listener of unauthorizedListeners) listener();
}
