import { setApiBaseUrl } from '../../../src/api/client';
import { getToken } from '../../../src/api/token';

/**
 * What the page sent to the API and what it was answered, recorded where the page's requests leave
 * jsdom: `fetch` (the openapi-fetch client, rebuilt so that it takes the recording fetch, and the
 * logout's plain `fetch`) and `XMLHttpRequest` (uploads, for their progress). Nothing is answered
 * here: every request goes on to the real server. The walks' own calls (arranging the server as
 * "another admin") use the harness's `serverFetch` and never show here.
 *
 * Next to the wire, the user's gestures the oracles need (a dialog's form submitted, a menu entry
 * chosen), recorded by listeners on the document. Requests, answers and gestures share one sequence,
 * so that an oracle can tell what came first.
 */

export interface Answer {
  seq: number;
  /** 0 when the request failed without an answer (aborted, network). */
  status: number;
  body: unknown;
  /** The token in local storage when the answer reached the page. */
  storedToken: string;
}

export interface WireRequest {
  seq: number;
  /** The walk step during which it was sent (0: the screen's start). */
  step: number;
  method: string;
  /** The path under the API prefix, without the query. */
  path: string;
  query: URLSearchParams;
  /** The bearer token it carried ('' when none). */
  bearer: string;
  /** The token in local storage when it was sent. */
  storedToken: string;
  /** The JSON body it carried (fetch only; undefined when none). */
  body?: unknown;
  answer?: Answer;
}

export interface Gesture {
  seq: number;
  step: number;
  kind: 'submit' | 'choose';
  /** The submitted form's submit button text, or the chosen menu entry / button text. */
  label: string;
  /** The dialog it happened in, if any. */
  dialog?: { role: string; name: string };
  /** The token in local storage at that moment. */
  storedToken: string;
}

export interface WireLog {
  requests: WireRequest[];
  gestures: Gesture[];
  /** Sets the walk step that what follows belongs to. */
  atStep(step: number): void;
  /** Forgets what was recorded (a new path). */
  clear(): void;
  /** Puts fetch, XMLHttpRequest and the document back. */
  uninstall(): void;
}

const bearerOf = (authorization: string | null) => /^Bearer (.*)$/.exec(authorization ?? '')?.[1] ?? '';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The name of the dialog an element is in (its aria-labelledby title), with the dialog's role. */
export function dialogOf(element: Element): { role: string; name: string } | undefined {
  const dialog = element.closest('[role="dialog"], [role="alertdialog"]');
  if (!dialog) return undefined;
  const titleId = dialog.getAttribute('aria-labelledby');
  const title = titleId ? document.getElementById(titleId) : null;
  return { role: dialog.getAttribute('role') as string, name: title?.textContent?.trim() ?? '' };
}

/** Records the page's requests to `apiUrl` (the API's base URL, prefix included) and the user's gestures. */
export function recordWire(apiUrl: string): WireLog {
  const requests: WireRequest[] = [];
  const gestures: Gesture[] = [];
  let seq = 0;
  let step = 0;

  const begin = (method: string, url: string, authorization: string | null): WireRequest | undefined => {
    if (!url.startsWith(apiUrl)) return undefined;
    const parsed = new URL(url);
    const request: WireRequest = {
      seq: ++seq,
      step,
      method: method.toUpperCase(),
      path: parsed.pathname.slice(new URL(apiUrl).pathname.length),
      query: parsed.searchParams,
      bearer: bearerOf(authorization),
      storedToken: getToken(),
    };
    requests.push(request);
    return request;
  };
  const end = (request: WireRequest | undefined, status: number, body: unknown) => {
    if (request && !request.answer) request.answer = { seq: ++seq, status, body, storedToken: getToken() };
  };

  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const recorded = begin(request.method, request.url, request.headers.get('Authorization'));
    if (recorded && request.body) recorded.body = parseJson(await request.clone().text());
    try {
      const response = await realFetch(request);
      end(recorded, response.status, parseJson(await response.clone().text()));
      return response;
    } catch (error) {
      end(recorded, 0, String(error));
      throw error;
    }
  };
  // The client captures `fetch` when it is built.
  setApiBaseUrl(apiUrl);

  const xhr = XMLHttpRequest.prototype;
  const { open, send, setRequestHeader } = xhr;
  const pending = new WeakMap<
    XMLHttpRequest,
    { method: string; url: string; authorization: string | null }
  >();
  xhr.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
    pending.set(this, { method, url: String(url), authorization: null });
    return (open as (...args: unknown[]) => void).call(this, method, url, ...rest);
  };
  xhr.setRequestHeader = function (this: XMLHttpRequest, name: string, value: string) {
    const facts = pending.get(this);
    if (facts && name.toLowerCase() === 'authorization') facts.authorization = value;
    return setRequestHeader.call(this, name, value);
  };
  xhr.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const facts = pending.get(this);
    const recorded = facts ? begin(facts.method, facts.url, facts.authorization) : undefined;
    if (recorded) {
      this.addEventListener('loadend', () =>
        end(recorded, this.status, this.status === 0 ? null : parseJson(this.responseText)),
      );
    }
    return send.call(this, body);
  };

  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    const button = form.querySelector('button[type="submit"]');
    gestures.push({
      seq: ++seq,
      step,
      kind: 'submit',
      label: button?.textContent?.trim() ?? '',
      dialog: dialogOf(form),
      storedToken: getToken(),
    });
  };
  const onClick = (event: Event) => {
    const target = (event.target as Element | null)?.closest?.('[role="menuitem"], button');
    if (!target || (target as HTMLButtonElement).disabled) return;
    gestures.push({
      seq: ++seq,
      step,
      kind: 'choose',
      label: target.textContent?.trim() ?? '',
      dialog: dialogOf(target),
      storedToken: getToken(),
    });
  };
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('click', onClick, true);

  return {
    requests,
    gestures,
    atStep(next) {
      step = next;
    },
    clear() {
      requests.length = 0;
      gestures.length = 0;
      step = 0;
    },
    uninstall() {
      globalThis.fetch = realFetch;
      setApiBaseUrl(apiUrl);
      Object.assign(xhr, { open, send, setRequestHeader });
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('click', onClick, true);
    },
  };
}
