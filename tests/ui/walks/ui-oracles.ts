import { PAGE_SIZES } from '../../../src/api/paging';
import type { Oracle } from '../../property/oracles/types';
import type { Gesture, WireRequest } from './wire';

/**
 * The spec's invariants at UI level: plain predicates over what a UI walk's screen showed and sent —
 * the document as the user sees it, local storage, the router's location, the query cache, the
 * requests on the wire with their answers and the user's gestures — checked after every step of every
 * UI walk by the runner (runner.ts). Each is written from /work/shared/spec/product-spec.md (quoted
 * beside it) and issue 25, never from a machine or its test model: the walked machine's state is not
 * read here.
 */

export interface ProfileShown {
  mode: 'view' | 'edit';
  full_name: string;
  email: string;
}

/** What the walk saw at the end of a step (index 0: the screen's start). */
export interface UiStep {
  index: number;
  label: string;
  /** local storage's access_token ('' when none). */
  token: string;
  /** The router's pathname. */
  location: string | undefined;
  /** Queries in the app's cache. */
  cachedQueries: number;
  /** The profile form of /settings, when it is on screen. */
  profile?: ProfileShown;
}

export interface UiTrace {
  machine: string;
  steps: UiStep[];
  requests: WireRequest[];
  gestures: Gesture[];
}

export type UiOracle = Oracle<UiTrace>;

const current = (trace: UiTrace) => trace.steps[trace.steps.length - 1] as UiStep;
const previous = (trace: UiTrace) => trace.steps[trace.steps.length - 2];
const show = (request: WireRequest) => `${request.method} ${request.path} (step ${request.step})`;
const detailOf = (body: unknown) =>
  body && typeof body === 'object' ? (body as { detail?: unknown }).detail : undefined;
const isWrite = (request: WireRequest) => request.method !== 'GET';
const answeredOk = (request: WireRequest) =>
  request.answer !== undefined && request.answer.status >= 200 && request.answer.status < 300;
/** The logout's own call: it revokes the token just removed, so it carries that token by design. */
const isRevocation = (request: WireRequest) => request.method === 'POST' && request.path === '/logout';
const textOf = (element: Element | null | undefined) => element?.textContent?.trim() ?? '';

/** §2 Signed-in layout: these routes belong to it. */
const SIGNED_IN_ROUTES = ['/', '/settings', '/items', '/admin'];
/** §2, §7: the list each list screen calls. */
const LIST_OF_SCREEN: Record<string, keyof typeof PAGE_SIZES> = { '/items': 'items', '/admin': 'users' };
const LIST_PATHS: Record<keyof typeof PAGE_SIZES, string> = { items: '/items/', users: '/users/' };

/**
 * §2 Modals, §7: the deletions the spec confirms — an item, a user (DELETE /users/{user_id}) and one's
 * own account (/users/me, /users/me/delete-my-account). Removing a profile photo or an asset has no
 * confirmation (those screens are the product's own, beyond the spec).
 */
const CONFIRMED_DELETES = [/^\/items\/[^/]+$/, /^\/users\/[^/]+$/, /^\/users\/me\/delete-my-account$/];

/** The user chose 'Log out' (the user menu's entry) while signed in. */
const logouts = (trace: UiTrace) =>
  trace.gestures.filter((gesture) => gesture.label === 'Log out' && gesture.storedToken !== '');

/**
 * Issue 25 on §4/§7: a refused credential is 401, 403 'Could not validate credentials', or 404 'User
 * not found' from /users/me; it counts when the token it refused was still the stored one.
 */
function refusedCredential(request: WireRequest): boolean {
  const answer = request.answer;
  if (!answer || request.bearer === '' || answer.storedToken !== request.bearer) return false;
  const detail = detailOf(answer.body);
  return (
    answer.status === 401 ||
    (answer.status === 403 && detail === 'Could not validate credentials') ||
    (answer.status === 404 && detail === 'User not found' && request.path === '/users/me')
  );
}

/** What ending a session leaves (§4 "Logout removes the token and goes to /login", §3 the cache). */
function endedClean(step: UiStep): string | undefined {
  const problems: string[] = [];
  if (step.token !== '') problems.push('the token is still in local storage');
  if (step.location !== '/login') problems.push(`the page is ${step.location}, not /login`);
  if (step.cachedQueries > 0) problems.push(`${step.cachedQueries} queries stay in the cache`);
  return problems.length > 0 ? problems.join('; ') : undefined;
}

/** The profile form of /settings as shown: its mode and the values it shows. */
export function profileShown(): ProfileShown | undefined {
  const heading = [...document.querySelectorAll('h2')].find((h) => textOf(h) === 'User Information');
  const form = heading?.nextElementSibling;
  if (form?.tagName !== 'FORM') return undefined;
  const input = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const fullName = input('full_name');
  const email = input('email');
  if (fullName && email) return { mode: 'edit', full_name: fullName.value, email: email.value };
  const valueAfter = (label: string) =>
    textOf([...form.querySelectorAll('p')].find((p) => textOf(p) === label)?.nextElementSibling);
  return { mode: 'view', full_name: valueAfter('Full name'), email: valueAfter('Email') };
}

export const UI_ORACLES: UiOracle[] = [
  {
    // §2: the signed-in layout "With no stored token ... redirects to /login"; its sidebar shows
    // 'Logged in as' and a user menu. §4: "Authenticated means an access token exists in local storage."
    id: 'ui.signed-in-screen-needs-token',
    spec: '§2, §4',
    check: (trace) => {
      const step = current(trace);
      if (step.token !== '') return undefined;
      if (document.querySelector('[aria-label="Open user menu"]')) return 'the user menu shows with no token';
      if (document.body.textContent?.includes('Logged in as')) return "'Logged in as' shows with no token";
      if (step.location && SIGNED_IN_ROUTES.includes(step.location))
        return `the signed-in route ${step.location} stays with no token`;
      return undefined;
    },
  },
  {
    // §7: "Requests carry a bearer token read from stored access_token ... The current-user query
    // runs only when a token exists."
    id: 'ui.bearer-is-stored-token',
    spec: '§7',
    check: (trace) => {
      for (const request of trace.requests) {
        if (isRevocation(request)) continue;
        if (request.bearer !== request.storedToken)
          return request.bearer === ''
            ? `${show(request)} carried no token while one was stored`
            : `${show(request)} carried a token that was not the stored one`;
        if (request.method === 'GET' && request.path === '/users/me' && request.storedToken === '')
          return `${show(request)}: the current user was asked for with no token`;
      }
      return undefined;
    },
  },
  {
    // Issue 25, temporal, on §4/§7: "after logout, no protected call is made until a login" — a login
    // here or in another tab stores a new token.
    id: 'ui.no-protected-call-after-logout',
    spec: '§4, §7',
    check: (trace) => {
      const logout = logouts(trace).at(-1);
      if (!logout) return undefined;
      let revoked = false;
      for (const request of trace.requests) {
        if (request.seq < logout.seq) continue;
        if (request.storedToken !== '' && request.storedToken !== logout.storedToken) return undefined;
        if (request.bearer === '') continue;
        if (isRevocation(request) && request.bearer === logout.storedToken && !revoked) {
          revoked = true;
          continue;
        }
        return `${show(request)} carried a token after 'Log out' (step ${logout.step}), before any login`;
      }
      return undefined;
    },
  },
  {
    // §4: "Logout removes the token and goes to /login." §3: the cached current user goes with it.
    id: 'ui.logout-ends-on-login',
    spec: '§3, §4',
    check: (trace) => {
      const step = current(trace);
      if (!logouts(trace).some((gesture) => gesture.step === step.index)) return undefined;
      const problem = endedClean(step);
      return problem && `after 'Log out': ${problem}`;
    },
  },
  {
    // Issue 25 on §4/§7: "a refused credential always ends in /login with the cache empty".
    id: 'ui.refused-credential-ends-on-login',
    spec: '§4, §7',
    check: (trace) => {
      const refused = trace.requests.filter(refusedCredential).at(-1);
      if (!refused) return undefined;
      const step = current(trace);
      // Signed in again since (a login here or in another tab).
      if (step.token !== '' && step.token !== refused.bearer) return undefined;
      const problem = endedClean(step);
      return (
        problem &&
        `${show(refused)} was refused (${refused.answer?.status} ${JSON.stringify(detailOf(refused.answer?.body))}): ${problem}`
      );
    },
  },
  {
    // §2 Modals: "a Delete confirmation ... 'Are you sure? You will not be able to undo this action.'";
    // account deletion "uses a dialog 'Confirmation Required'". Issue 25: "a delete request is sent only
    // after its confirmation" — each such DELETE follows its own confirming submit of an alertdialog.
    id: 'ui.delete-after-confirmation',
    spec: '§2',
    check: (trace) => {
      const confirmations = trace.gestures.filter(
        (gesture) => gesture.kind === 'submit' && gesture.dialog?.role === 'alertdialog',
      );
      const deletes = trace.requests.filter(
        (request) => request.method === 'DELETE' && CONFIRMED_DELETES.some((path) => path.test(request.path)),
      );
      for (const [index, request] of deletes.entries()) {
        const before = confirmations.filter((gesture) => gesture.seq < request.seq).length;
        if (before <= index)
          return `${show(request)} is delete number ${index + 1}, after ${before} confirmation(s) in a dialog`;
      }
      return undefined;
    },
  },
  {
    // Issue 25: "a busy form ignores a second submit and cannot be closed" (§2 Modals; §4 "Modals close
    // after success", not before).
    id: 'ui.busy-form-locked',
    spec: '§2, §4',
    check: () => {
      for (const busy of document.querySelectorAll<HTMLButtonElement>(
        'button[type="submit"][aria-busy="true"]',
      )) {
        const name = textOf(busy);
        if (!busy.disabled) return `the busy '${name}' can be pressed again`;
        const scope = busy.closest('[role="dialog"], [role="alertdialog"]') ?? busy.closest('form');
        for (const button of scope?.querySelectorAll<HTMLButtonElement>('button') ?? []) {
          const closes = textOf(button) === 'Cancel' || button.getAttribute('aria-label') === 'Close';
          if (closes && !button.disabled)
            return `'${textOf(button) || 'Close'}' is enabled while '${name}' is busy`;
        }
      }
      return undefined;
    },
  },
  {
    // Issue 25: "a busy form ignores a second submit" — on the wire: no write is sent again while the
    // same write is still unanswered.
    id: 'ui.one-write-in-flight',
    spec: '§4',
    check: (trace) => {
      const writes = trace.requests.filter(isWrite);
      for (const request of writes) {
        const overlapping = writes.find(
          (earlier) =>
            earlier.seq < request.seq &&
            earlier.method === request.method &&
            earlier.path === request.path &&
            (earlier.answer === undefined || earlier.answer.seq > request.seq),
        );
        if (overlapping) return `${show(request)} was sent while ${show(overlapping)} was unanswered`;
      }
      return undefined;
    },
  },
  {
    // §7: "List screens send skip=(page-1)*5 and limit=5" — the page size is now each list's
    // (PAGE_SIZES, src/api/paging.ts).
    id: 'ui.list-requests-whole-pages',
    spec: '§7, §9',
    check: (trace) => {
      for (const [list, path] of Object.entries(LIST_PATHS)) {
        const size = PAGE_SIZES[list as keyof typeof PAGE_SIZES];
        for (const request of trace.requests) {
          if (request.method !== 'GET' || request.path !== path) continue;
          const skip = Number(request.query.get('skip'));
          const limit = Number(request.query.get('limit'));
          if (limit !== size || !Number.isInteger(skip) || skip < 0 || skip % size !== 0)
            return `${show(request)} asked for skip=${request.query.get('skip')}, limit=${request.query.get('limit')}: not a page of ${size}`;
        }
      }
      return undefined;
    },
  },
  {
    // §4: "Paging: Next is enabled only when the current page returned a full page of 5; Previous when
    // the page is above 1."
    id: 'ui.paging-offers-what-was-answered',
    spec: '§4',
    check: (trace) => {
      const nav = document.querySelector('nav[aria-label="Pagination"]');
      const step = current(trace);
      const list = step.location ? LIST_OF_SCREEN[step.location] : undefined;
      if (!nav || !list) return undefined;
      const page = Number(/Page (\d+)/.exec(textOf(nav))?.[1]);
      const button = (name: string) =>
        [...nav.querySelectorAll<HTMLButtonElement>('button')].find((b) => textOf(b) === name);
      if (button('Previous')?.disabled === false && !(page > 1)) return `Previous is enabled on page ${page}`;
      if (button('Next')?.disabled !== false) return undefined;
      const size = PAGE_SIZES[list];
      const answer = trace.requests
        .filter(
          (request) =>
            request.method === 'GET' &&
            request.path === LIST_PATHS[list] &&
            Number(request.query.get('skip')) === (page - 1) * size &&
            answeredOk(request),
        )
        .sort((a, b) => (a.answer?.seq ?? 0) - (b.answer?.seq ?? 0))
        .at(-1);
      if (!answer) return `Next is enabled on page ${page}, which no answer delivered`;
      const rows = (answer.answer?.body as { data?: unknown[] } | undefined)?.data?.length ?? 0;
      return rows < size
        ? `Next is enabled on page ${page}, answered with ${rows} of ${size} rows`
        : undefined;
    },
  },
  {
    // §4: "Profile form toggles between view and edit mode ... Cancel resets the form and returns to
    // view mode" — the view shows what was saved, and editing starts from it.
    id: 'ui.profile-shows-saved',
    spec: '§4',
    check: (trace) => {
      const step = current(trace);
      const shown = step.profile;
      if (!shown) return undefined;
      const answers = trace.requests
        .filter((request) => request.path === '/users/me' && ['GET', 'PATCH'].includes(request.method))
        .filter(answeredOk)
        .sort((a, b) => (a.answer?.seq ?? 0) - (b.answer?.seq ?? 0));
      const saved = answers.at(-1);
      if (!saved) return undefined;
      const matches = (request: WireRequest | undefined) => {
        const user = request?.answer?.body as { full_name?: string | null; email?: string } | undefined;
        if (!user) return false;
        const fullName = shown.mode === 'view' ? user.full_name || 'N/A' : (user.full_name ?? '');
        return shown.full_name === fullName && shown.email === user.email;
      };
      const seen = `${JSON.stringify(shown.full_name)}, ${JSON.stringify(shown.email)}`;
      if (shown.mode === 'view') {
        if (matches(saved)) return undefined;
        // The cache is being refetched after a save: until it answers, the view may show the last load.
        const refetching = trace.requests.some(
          (request) =>
            request.method === 'GET' &&
            request.path === '/users/me' &&
            request.seq > (saved.answer?.seq ?? 0) &&
            !request.answer,
        );
        const lastLoad = answers.filter((request) => request.method === 'GET').at(-1);
        if (refetching && matches(lastLoad)) return undefined;
        return `the profile shows ${seen}, not what was saved (${show(saved)})`;
      }
      if (previous(trace)?.profile?.mode !== 'view' || matches(saved)) return undefined;
      return `Edit opened the profile with ${seen}, not what was saved (${show(saved)})`;
    },
  },
  {
    // §4: "Modals close after success."
    id: 'ui.dialog-closes-after-success',
    spec: '§4',
    check: (trace) => {
      const open = new Set(
        [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].map((dialog) => {
          const titleId = dialog.getAttribute('aria-labelledby');
          return textOf(titleId ? document.getElementById(titleId) : null);
        }),
      );
      const submits = trace.gestures.filter((gesture) => gesture.kind === 'submit' && gesture.dialog);
      for (const [index, submit] of submits.entries()) {
        if (!open.has(submit.dialog?.name ?? '')) continue;
        const until = submits[index + 1]?.seq ?? Number.POSITIVE_INFINITY;
        const write = trace.requests.find(
          (request) => isWrite(request) && request.seq > submit.seq && request.seq < until,
        );
        // Opened again since that success: the later submit or the open dialog is a new one.
        const reopened = trace.gestures.some(
          (gesture) => gesture.seq > (write?.answer?.seq ?? 0) && gesture.kind === 'choose',
        );
        if (write && answeredOk(write) && !reopened)
          return `'${submit.dialog?.name}' is still open after ${show(write)} succeeded`;
      }
      return undefined;
    },
  },
];

/** No answer (status 0: the connection cut, the call given up) or the server's own failure. */
const faulted = (request: WireRequest) =>
  request.answer !== undefined && (request.answer.status === 0 || request.answer.status >= 500);

const shows = (selector: string) => document.querySelector(selector) !== null;

/** The values a field of the dialog shows, by its `name`. */
function shownValue(dialog: Element, name: string): string | undefined {
  const input = dialog.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!input) return undefined;
  return input.type === 'checkbox' ? String(input.checked) : input.value;
}

/**
 * Issue 34 (failure is a state; faults in the walks): what a fault on the network must leave. Checked
 * by the fault walks (faults.test.tsx) after each fault and each recovery.
 */
export const FAULT_ORACLES: UiOracle[] = [
  {
    // Issue 34, 1: "a list's failed state shows what went wrong and a Try again button (never the
    // empty state, never a skeleton for ever)"; retries are visible ('Retrying…').
    id: 'ui.failed-list-offers-a-way-out',
    spec: 'issue 34',
    check: (trace) => {
      const list = LIST_OF_SCREEN[current(trace).location ?? ''];
      if (!list) return undefined;
      const asked = trace.requests.filter((r) => r.method === 'GET' && r.path === LIST_PATHS[list]);
      const last = asked.at(-1);
      if (!last || !faulted(last)) return undefined;
      if (shows('[data-testid="empty-list"]')) return `the empty state shows after ${show(last)} failed`;
      if ([...document.querySelectorAll('[role="status"]')].some((s) => textOf(s) === 'Retrying…'))
        return undefined;
      const alert = [...document.querySelectorAll('[role="alert"]')].find((a) => textOf(a) !== '');
      if (!alert) return `no message says that ${show(last)} failed`;
      const again = [...document.querySelectorAll('button')].some((b) => textOf(b) === 'Try again');
      if (!again) return `no 'Try again' after ${show(last)} failed`;
      if (shows('tbody[aria-busy="true"]')) return `the list stays loading after ${show(last)} failed`;
      return undefined;
    },
  },
  {
    // Issue 34, 1: "a mutation's failure keeps the dialog and its values and tells network, server and
    // validation failures apart in words a user understands".
    id: 'ui.failed-write-keeps-dialog',
    spec: 'issue 34',
    check: (trace) => {
      const submit = trace.gestures.filter((g) => g.kind === 'submit' && g.dialog).at(-1);
      if (!submit?.dialog) return undefined;
      const writes = trace.requests.filter((r) => isWrite(r) && r.seq > submit.seq);
      const write = writes.at(-1);
      if (!write || !faulted(write) || writes.length > 1) return undefined;
      const { role, name } = submit.dialog;
      const dialog = [...document.querySelectorAll(`[role="${role}"]`)].find(
        (element) =>
          element.getAttribute('aria-labelledby') &&
          textOf(document.getElementById(element.getAttribute('aria-labelledby') as string)) === name,
      );
      if (!dialog) return `'${name}' closed after ${show(write)} failed`;
      const sent =
        write.body && typeof write.body === 'object' ? (write.body as Record<string, unknown>) : {};
      for (const [field, value] of Object.entries(sent)) {
        const shown = shownValue(dialog, field);
        if (shown !== undefined && shown !== String(value ?? ''))
          return `'${name}' shows ${field} '${shown}', not the '${String(value)}' the user sent`;
      }
      const told = [
        ...document.querySelectorAll('[data-scope="toast"][data-part="root"], [role="alert"]'),
      ].some((element) => textOf(element) !== '');
      if (!told) return `nothing tells the user that ${show(write)} failed`;
      return undefined;
    },
  },
];

/** The violations of the trace's last step, as `[id] (spec) message`. */
export function uiViolations(trace: UiTrace, oracles: UiOracle[] = UI_ORACLES): string[] {
  const found: string[] = [];
  for (const oracle of oracles) {
    const message = oracle.check(trace);
    if (message) found.push(`[${oracle.id}] (${oracle.spec}) ${message}`);
  }
  return found;
}
