import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { setApiBaseUrl } from '../../src/api/client';
import { TOKEN_KEY } from '../../src/api/token';
import { App, type AppInstance, createApp } from '../../src/app';

/**
 * The fetch the tests' own calls use (arranging the server as another admin would): taken before a
 * walk records the page's requests (tests/ui/walks/wire.ts), so that those calls never show as the page's.
 */
export const serverFetch: typeof fetch = globalThis.fetch.bind(globalThis);

export interface Api {
  url: string;
  dataDir: string;
  superuser: { email: string; password: string };
  /** Logs in through the API and returns the access token. */
  login(email: string, password: string): Promise<string>;
  /** A JSON call to /api/v1 with an optional bearer token. */
  call<T = unknown>(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  /** E-mails the server wrote to its outbox, oldest first. */
  outbox(): { to: string; html: string }[];
  /**
   * Freezes the server process (SIGSTOP): requests wait, unanswered, until `resume`. The UI walks use it
   * to see a screen while a call is under way (a spinner, a disabled Save). Synchronous.
   */
  pause(): void;
  /** Lets a paused server answer again (SIGCONT). */
  resume(): void;
  readonly paused: boolean;
  close(): Promise<void>;
}

/**
 * Starts the real API server (tests/support/server.ts, in-memory database) on a random port and
 * points the SPA's openapi-fetch client at it. No fetch is mocked.
 */
export async function startApi(): Promise<Api> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve('tests/ui/api-process.ts')],
    { stdio: 'pipe', env: { ...process.env, NODE_ENV: 'test' } },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`API server exited (${code}): ${stderr}`)));
  });
  const info = JSON.parse(first) as {
    port: number;
    dataDir: string;
    superuser: { email: string; password: string };
  };
  const url = `http://127.0.0.1:${info.port}/api/v1`;
  setApiBaseUrl(url);

  let paused = false;
  const api: Api = {
    url,
    pause() {
      if (paused || child.exitCode !== null) return;
      child.kill('SIGSTOP');
      paused = true;
    },
    resume() {
      if (!paused) return;
      child.kill('SIGCONT');
      paused = false;
    },
    get paused() {
      return paused;
    },
    dataDir: info.dataDir,
    superuser: info.superuser,
    async login(email, password) {
      const response = await serverFetch(`${url}/login/access-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: email, password }).toString(),
      });
      const body = (await response.json()) as { access_token: string };
      if (!response.ok) throw new Error(`login failed: ${response.status}`);
      return body.access_token;
    },
    async call(method, route, token, body) {
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await serverFetch(`${url}${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    outbox() {
      const folder = path.join(info.dataDir, 'outbox');
      let files: string[] = [];
      try {
        files = readdirSync(folder).sort();
      } catch {
        return [];
      }
      return files.map((file) => {
        const text = readFileSync(path.join(folder, file), 'utf8');
        return { to: /To: (.*)/.exec(text)?.[1]?.trim() ?? '', html: text };
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        api.resume();
        const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.stdin.end();
      }),
  };
  return api;
}

export interface SentRequest {
  method: string;
  path: string;
  contentType: string | null;
  /** The Idempotency-Key header, if sent. */
  idempotencyKey: string | null;
  body: string;
}

/**
 * Records the requests the SPA's API client sends (method, path under /api/v1, body text) while still
 * sending them to the real server: nothing is mocked. The client is rebuilt so it picks up the
 * recording fetch; `stop()` puts the real fetch back.
 */
export function recordRequests(api: Api): { sent: SentRequest[]; stop(): void } {
  const sent: SentRequest[] = [];
  const real = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.href.startsWith(api.url)) {
      sent.push({
        method: request.method,
        path: url.href.slice(api.url.length),
        contentType: request.headers.get('content-type'),
        idempotencyKey: request.headers.get('idempotency-key'),
        body: await request.clone().text(),
      });
    }
    return real(request);
  };
  setApiBaseUrl(api.url);
  return {
    sent,
    stop() {
      globalThis.fetch = real;
      setApiBaseUrl(api.url);
    },
  };
}

let rendered: AppInstance | undefined;

/** The app `renderApp` rendered last (the walks' oracles read its location and query cache). */
export function renderedApp(): AppInstance | undefined {
  return rendered;
}

/** Renders the whole SPA at `path`, signed in with `token` when given. */
export function renderApp(path: string, token?: string) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  const app = createApp({ history: createMemoryHistory({ initialEntries: [path] }) });
  rendered = app;
  const view = render(<App app={app} />);
  return { app, ...view };
}

type User = ReturnType<typeof import('@testing-library/user-event').default.setup>;

/** Opens a menu by its trigger and picks an entry with the keyboard (arrow keys, Enter). */
export async function chooseMenuItem(user: User, trigger: HTMLElement, entry: string): Promise<void> {
  await user.click(trigger);
  // Keys sent before the menu is open are lost (a loaded machine opens it late); then walk the entries
  // once around, whatever their number.
  await waitFor(() => expect(document.querySelector('[role="menu"]')).not.toBeNull());
  const entries = document.querySelectorAll('[role="menuitem"]').length;
  for (let step = 0; step <= entries + 1; step++) {
    await user.keyboard('{ArrowDown}');
    const highlighted = document.querySelector('[role="menuitem"][data-highlighted]');
    if (highlighted?.textContent?.trim() === entry) {
      await user.keyboard('{Enter}');
      return;
    }
  }
  throw new Error(`menu entry not found: ${entry}`);
}
