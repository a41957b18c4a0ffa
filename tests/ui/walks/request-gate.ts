import type { Middleware } from 'openapi-fetch';
import { api } from '../../../src/api/client';

/**
 * Holds the app's requests to chosen operations before they leave the browser, so that a walk decides
 * when (and in which order) the real server sees them: two calls can be in flight at once (the e-mail
 * notice checks a code while a new one is asked for) and each is answered at the step of the path that
 * names its outcome, after the server side was arranged for it. Pausing the whole server (SIGSTOP) cannot
 * do that: both answers would come together on resume. Nothing is answered here: a released request goes
 * to the real server unchanged and its real answer is recorded, for the walk to compare with the screen.
 *
 * It is the app's API client's middleware (openapi-fetch), installed for one path and removed after it;
 * requests still held then are aborted (the page went away).
 */

export interface Answer {
  operation: string;
  status: number;
  /** The JSON body (null when there was none). */
  body: unknown;
  /** The Retry-After header, if any. */
  retryAfter: string | null;
  /** When the answer reached the app (Date.now()). */
  at: number;
}

interface Held {
  operation: string;
  release: () => void;
  abort: (error: Error) => void;
  answered: Promise<Answer>;
  answer: (answer: Answer) => void;
}

export class RequestGate {
  private held: Held[] = [];
  private byRequest = new WeakMap<Request, Held>();
  private readonly middleware: Middleware;
  readonly answers: Answer[] = [];

  /** `operations`: operation name → `METHOD /path` (the API path after the prefix). */
  constructor(private operations: Record<string, string>) {
    this.middleware = {
      onRequest: async ({ request }) => {
        const operation = this.operationOf(request);
        if (!operation) return request;
        let release = () => {};
        let abort: (error: Error) => void = () => {};
        let answer: (answer: Answer) => void = () => {};
        const answered = new Promise<Answer>((resolve) => {
          answer = resolve;
        });
        const leave = new Promise<void>((resolve, reject) => {
          release = resolve;
          abort = reject;
        });
        const entry: Held = { operation, release, abort, answered, answer };
        this.held.push(entry);
        this.byRequest.set(request, entry);
        await leave;
        return request;
      },
      onResponse: async ({ request, response }) => {
        const entry = this.byRequest.get(request);
        if (!entry) return response;
        const body = await response
          .clone()
          .json()
          .catch(() => null);
        const answer: Answer = {
          operation: entry.operation,
          status: response.status,
          body,
          retryAfter: response.headers.get('Retry-After'),
          at: Date.now(),
        };
        this.answers.push(answer);
        entry.answer(answer);
        return response;
      },
    };
  }

  private operationOf(request: Request): string | undefined {
    const route = `${request.method} ${new URL(request.url).pathname}`;
    return Object.entries(this.operations).find(([, endpoint]) => {
      const [method, path] = endpoint.split(' ');
      return route.startsWith(`${method} `) && route.endsWith(path as string);
    })?.[0];
  }

  install() {
    api().use(this.middleware);
  }

  /** Removes the middleware and aborts what is still held. */
  uninstall() {
    api().eject(this.middleware);
    for (const entry of this.held) entry.abort(new DOMException('The page went away.', 'AbortError'));
    this.held = [];
  }

  /** How many requests of the operation wait to leave. */
  waiting(operation: string): number {
    return this.held.filter((entry) => entry.operation === operation).length;
  }

  /** Lets the oldest held request of the operation go to the server; resolves with the server's answer. */
  release(operation: string): Promise<Answer> {
    const entry = this.held.find((candidate) => candidate.operation === operation);
    if (!entry) throw new Error(`no ${operation} request is held`);
    this.held = this.held.filter((candidate) => candidate !== entry);
    entry.release();
    return entry.answered;
  }
}
