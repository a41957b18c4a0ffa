import type { FaultKind } from '../../../src/qa/statecharts/faults';

/**
 * The network misbehaving, under the page's `fetch` (installed before wire.ts records, so that the wire
 * sees what the app saw): for the requests an armed fault matches, `fetch` rejects as a cut connection
 * does (TypeError), answers a JSON 500 `{"detail": …}` as the server's own failure, answers a proxy's
 * HTML 502, or never answers. "No answer" lets the request reach the server (the write is done there)
 * and holds its answer until the app gives up (its signal aborts): the retry must not do it twice.
 */

export interface FaultInjector {
  /** Fails the next `times` requests of `method` whose API path (after the prefix) matches `path`. */
  arm(kind: FaultKind, method: string, path: RegExp, times?: number): void;
  /** How many armed requests are still to fail. */
  left(): number;
  disarm(): void;
  uninstall(): void;
}

const PROXY_502 =
  '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

function faultAnswer(kind: FaultKind, request: Request, send: () => Promise<Response>): Promise<Response> {
  switch (kind) {
    case 'network error':
      return Promise.reject(new TypeError('Failed to fetch'));
    case '5xx':
      return Promise.resolve(
        new Response(JSON.stringify({ detail: 'Internal Server Error' }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    case 'HTML 5xx':
      return Promise.resolve(
        new Response(PROXY_502, { status: 502, headers: { 'Content-Type': 'text/html' } }),
      );
    case 'no answer':
      return new Promise((_, reject) => {
        const gone = () => reject(request.signal.reason ?? new DOMException('aborted', 'AbortError'));
        if (request.signal.aborted) return gone();
        request.signal.addEventListener('abort', gone, { once: true });
        // The server gets the request; its answer is dropped on the way back.
        send().catch(() => {});
      });
  }
}

/** Wraps `globalThis.fetch` for requests to `apiUrl` (the API's base URL, prefix included). */
export function installFaults(apiUrl: string): FaultInjector {
  const realFetch = globalThis.fetch;
  const prefix = new URL(apiUrl).pathname;
  let armed: { kind: FaultKind; method: string; path: RegExp; times: number } | undefined;
  globalThis.fetch = (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.slice(prefix.length);
    if (
      armed &&
      armed.times > 0 &&
      request.url.startsWith(apiUrl) &&
      request.method === armed.method &&
      armed.path.test(path)
    ) {
      armed.times -= 1;
      // The server must not see the request the fault stands for, except when only its answer is lost.
      const send = () => realFetch(new Request(request, { signal: undefined }));
      return faultAnswer(armed.kind, request, send);
    }
    return realFetch(request);
  };
  return {
    arm(kind, method, path, times = 1) {
      armed = { kind, method, path, times };
    },
    left: () => armed?.times ?? 0,
    disarm() {
      armed = undefined;
    },
    uninstall() {
      globalThis.fetch = realFetch;
    },
  };
}
