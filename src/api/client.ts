import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { API_PREFIX } from '../../openapi/prefix';
import type { paths } from '../../openapi/schema';
import { mayEndSession, reportRefusal } from './refusal';
import { getToken } from './token';

/** Adds `Authorization: Bearer <access_token>` when a token is stored; reports refused credentials. */
export const tokenMiddleware: Middleware = {
  onRequest({ request }) {
    const token = getToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  async onResponse({ request, response }) {
    if (!mayEndSession(response.status) || !request.headers.has('Authorization')) return response;
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { detail?: unknown } | null;
    reportRefusal(response.status, body?.detail, new URL(request.url).pathname);
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

/** The typed API client (paths from openapi/schema.d.ts). */
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
