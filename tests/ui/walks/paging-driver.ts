import { screen, waitFor, within } from '@testing-library/react';
import type { Middleware } from 'openapi-fetch';
import { expect } from 'vitest';
import { type AnyMachineSnapshot, type AnyStateMachine, createActor, fromCallback } from 'xstate';
import { api } from '../../../src/api/client';
import { CALL_TIME_LIMITS, TIMEOUT_MESSAGE } from '../../../src/api/errors';
import { type PagingContext, pageRows } from '../../../src/machines/paging';
import { modelByName } from '../../../src/qa/statecharts/models';
import { type ModelPath, type PathStep, stateLabel } from '../../../src/qa/statecharts/paths';
import { listPaging } from '../../support/paging';
import { renderApp } from '../harness';
import type { StepInfo, UiDriver } from './runner';
import {
  type Account,
  adminToken,
  clickOrBlocked,
  createAccount,
  setActive,
  setField,
  type User,
  uniqueEmail,
  user,
} from './support';

/**
 * Paging of /items (itemsPaging) and /admin (usersPaging) through the real screen:
 * - Next / Previous are the footer buttons (a disabled one is a `blocked` step);
 * - `paging.sync` is a change of the URL's page (other page: page + 1; invalid: ?page=abc; the same
 *   page: the same URL again, which changes nothing);
 * - `paging.loaded` is the list's answer from the real server. The account gets just enough rows for
 *   the pages the path needs full (a page of the list's page size) or short; an answer while the list is shown or failed comes from
 *   the refetch after the user adds a row through the screen's Add dialog (newest first, so every page
 *   changes);
 * - `paging.failed` is a real failure: the admin deactivated the account before the page was asked
 *   for ('Inactive user'); the admin reactivates it once the error shows. A 500 is a fault injected at
 *   the network layer (serverFault: the held page's real answer is replaced by a 500); the app then
 *   shows 'Retrying…' and asks again after its retry delay (real time, 1 s).
 * - `paging.online` is the browser's `online` event (the network back), dispatched on the window.
 * - The read time limit: the first page's request is held and CALL_TIME_LIMITS.read shortened for it
 *   (read when `loading` is entered), so the `after` edge is taken in a second; Try again then waits
 *   for the same held request, which answers at the path's next step.
 */

interface Ctx {
  account: Account;
  fault: ReturnType<typeof serverFault>;
  /** Added to the path's page numbers (far pages). */
  shift: number;
  app: ReturnType<typeof renderApp>['app'];
  u: User;
}

type Kind = 'items' | 'users';

const pageOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { page: number }).page;
const rowsOf = (snapshot: AnyMachineSnapshot) => pageRows(snapshot.context as PagingContext);

interface Needs {
  /** Pages that must be full (true) or short (false). */
  full: Map<number, boolean>;
  ok: boolean;
}

/**
 * A path that starts on a page above 1 and fails at once is walked on a page so far that the list's
 * `skip` exceeds what the API accepts: the server answers 422 to that bad input (no arrangement
 * needed). The page numbers shown are the path's shifted by FAR - its first page.
 */
const FAR = 500_000_000;
const far = (path: ModelPath) =>
  (path.input as { page: number }).page > 1 && path.steps[0]?.event.type === 'paging.failed';

const READ_LIMIT = CALL_TIME_LIMITS.read;
const WALK_READ_LIMIT = 1_500;
const isAfter = (step: PathStep | undefined, delay: string) =>
  step?.event.type.startsWith(`xstate.after.${delay}.`) ?? false;
/** Try again, or the network coming back (the browser's `online` event): the page is asked again. */
const isAgain = (step: PathStep | undefined) =>
  ['paging.retry', 'paging.online'].includes(step?.event.type ?? '');
const is500 = (step: PathStep | undefined) =>
  step?.event.type === 'paging.failed' && step.label.endsWith('(500)');

/** The 500s of `path` from step index `from` on, its retries' included (500, retry delay, 500…). */
function fails(path: ModelPath, from: number): number {
  let count = 0;
  for (const step of path.steps.slice(from)) {
    if (is500(step)) count += 1;
    else if (!isAfter(step, 'retryDelay')) break;
  }
  return count;
}

/**
 * The server's own failure, injected where the network meets the app (its API client's middleware):
 * the next answer to the list call of an armed page becomes a 500, whatever the server said.
 */
function serverFault(
  skipOf: (page: number) => number,
): Middleware & { arm(page: number, times: number): void } {
  let armed: number | undefined;
  let left = 0;
  return {
    /** `times`: the page's answers to fail (its retries after the delay too, which come by themselves). */
    arm(page, times) {
      armed = skipOf(page);
      left = times;
    },
    onResponse({ request }) {
      const url = new URL(request.url);
      const skip = url.searchParams.get('skip');
      if (armed === undefined || request.method !== 'GET' || skip === null || Number(skip) !== armed)
        return undefined;
      left -= 1;
      if (left === 0) armed = undefined;
      return new Response(JSON.stringify({ detail: 'Internal Server Error' }), {
        status: 500,
        statusText: 'Internal Server Error',
        headers: { 'Content-Type': 'application/json' },
      });
    },
  };
}

/** What the data must be for the path, and whether the screen can realise it. */
function needs(machine: AnyStateMachine, path: ModelPath): Needs {
  // The pages along the path, as a real actor of the machine counts them.
  // The list query is not needed to count pages: the path's events stand for its answers.
  const counting = machine.provide({ actors: { list: fromCallback(() => {}) } } as never);
  const actor = createActor(counting, { input: path.input as never }).start();
  const states: AnyMachineSnapshot[] = [actor.getSnapshot() as AnyMachineSnapshot];
  for (const step of path.steps) {
    actor.send(step.event);
    states.push(actor.getSnapshot() as AnyMachineSnapshot);
  }
  actor.stop();
  const full = new Map<number, boolean>();
  const cached = new Set<number>();
  let adds = 0;
  let ok = true;
  path.steps.forEach((step, index) => {
    const before = states[index] as AnyMachineSnapshot;
    const after = states[index + 1] as AnyMachineSnapshot;
    const from = stateLabel(before);
    if (step.event.type === 'paging.loaded') {
      const page = pageOf(after);
      const isFull = rowsOf(after) === (after.context as PagingContext).pageSize;
      if (full.has(page) && full.get(page) !== isFull) ok = false;
      full.set(page, isFull);
      cached.add(page);
      // A full page prefetches the next one, unless the walk holds that call to show Next's `loading`.
      if (isFull && path.steps[index + 1]?.event.type !== 'paging.next') cached.add(page + 1);
      if (from !== 'list.loading') adds += 1;
    }
    const following = path.steps[index + 1];
    if (step.event.type === 'paging.failed') {
      const page = pageOf(before);
      const entered = states[index - 1] ? stateLabel(states[index - 1] as AnyMachineSnapshot) : undefined;
      // The failure is arranged before the step that asked for the page, with the server running; the
      // first page's 400 is the bad page number (far pages: see FAR); a 500 is injected (serverFault).
      if (index === 0) {
        if (!far(path) && !is500(step)) ok = false;
      } else if (from !== 'list.loading' || entered === 'list.loading' || cached.has(page)) ok = false;
      // A 500 is retried after the delay (the retries spent are the 400's `failed`, walked already).
      if (
        is500(step) &&
        (stateLabel(after) !== 'list.retrying' || (following && !isAfter(following, 'retryDelay')))
      )
        ok = false;
    }
    // Asked again after the retry delay: the page's real answer comes next.
    if (
      isAfter(step, 'retryDelay') &&
      following &&
      following.event.type !== 'paging.loaded' &&
      !is500(following)
    )
      ok = false;
    // The read time limit of the first page (held from the start); then its late answer or Try again.
    if (isAfter(step, 'readLimit')) {
      if (index !== 0 || far(path)) ok = false;
      if (following && following.event.type !== 'paging.loaded' && !isAgain(following)) ok = false;
    }
    // Try again is on screen only when the list failed (only then is `online` an edge); after a time
    // limit the held request answers it.
    if (isAgain(step)) {
      if (from !== 'list.failed') ok = false;
      if (
        isAfter(path.steps[index - 1], 'readLimit') &&
        following &&
        following.event.type !== 'paging.loaded'
      )
        ok = false;
    }
    // A page asked for by an action shows `loading` only if it is not in the cache yet (the server is
    // held): else the answer comes at once, which the walk accepts only when the path's next step is it.
    if (stateLabel(after) === 'list.loading' && step.event.type.startsWith('paging.') && index >= 0) {
      const target = pageOf(after);
      const nextType = path.steps[index + 1]?.event.type;
      // The list query of a cached page answers as it starts, whatever the state before (at the path's
      // end, the actor's history shows the `loading` it passed: leavesAtOnce).
      if (cached.has(target) && nextType !== 'paging.loaded' && index < path.steps.length - 1) ok = false;
    }
    if (
      index > 0 &&
      path.steps[index - 1]?.event.type === 'paging.failed' &&
      step.event.type === 'paging.failed'
    )
      ok = false;
  });
  const fullPages = [...full].filter(([, isFull]) => isFull).map(([page]) => page);
  const top = fullPages.length ? Math.max(...fullPages) : 0;
  for (const [page, isFull] of full) if (!isFull && page <= top) ok = false;
  if (adds > 2) ok = false;
  // Far pages never load.
  if (far(path) && path.steps.some((step) => step.event.type === 'paging.loaded')) ok = false;
  return { full, ok };
}

/** The paging machine of /items or /admin (its name, which `npm run walk` looks for in a walk file). */
export function pagingDriver(machine: 'itemsPaging' | 'usersPaging'): UiDriver<Ctx> {
  const kind: Kind = machine === 'itemsPaging' ? 'items' : 'users';
  const model = modelByName(machine);
  if (!model) throw new Error('no paging model');
  const route = kind === 'items' ? '/items' : '/admin';
  // The list's page size: the screen's, which the walk checks against the model's (its input).
  const { pageSize, rows: rowsFilling } = listPaging(kind);

  async function addRow(ctx: Ctx) {
    const { u } = ctx;
    await u.click(screen.getByRole('button', { name: kind === 'items' ? 'Add Item' : 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: kind === 'items' ? 'Add Item' : 'Add User' });
    if (kind === 'items') {
      await setField(u, within(dialog).getByLabelText(/Title/), `Added ${Date.now()}`);
    } else {
      await setField(u, within(dialog).getByLabelText(/Email/), uniqueEmail('added'));
      await setField(u, within(dialog).getByLabelText(/Set Password/), 'password-123');
      await setField(u, within(dialog).getByLabelText(/Confirm Password/), 'password-123');
    }
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
  }

  async function navigate(ctx: Ctx, search: string) {
    ctx.app.router.history.push(`${route}${search}`);
  }

  return {
    model,
    maxPaths: 14,
    accepts: (path) => needs(model.machine, path).ok,
    held: (label) => label === 'list.loading',
    leavesAtOnce: (step) => ['paging.previous', 'paging.sync'].includes(step.event.type),
    // The retry delay passes by itself: the app may be asking again by the time the walk looks.
    automatic: (step) => step.event.type === 'paging.loaded' || isAfter(step, 'retryDelay') || is500(step),
    resumeFor: (info) => {
      const type = info.step.event.type;
      if (type === 'paging.loaded' || type === 'paging.failed') return true;
      // The time limit passes with the request held; Try again after it meets the same held request.
      if (isAfter(info.step, 'readLimit')) return false;
      if (isAgain(info.step) && info.index > 1 && isAfter(info.path.steps[info.index - 2], 'readLimit'))
        return false;
      // Next after a full page: the held prefetch of that page must not be answered before the click.
      if (type === 'paging.next' && stateLabel(info.before) === 'list.ready') return false;
      if (info.next?.event.type === 'paging.failed') return true;
      return stateLabel(info.before) !== 'list.loading';
    },
    async setup(path, walk) {
      const { full } = needs(model.machine, path);
      const fullPages = [...full].filter(([, isFull]) => isFull).map(([page]) => page);
      const rows = rowsFilling(fullPages.length ? Math.max(...fullPages) : 0, 1);
      const account = await createAccount(walk.api, `paging-${kind}`, { superuser: kind === 'users' });
      if (kind === 'items') {
        for (let i = 0; i < rows; i++) {
          await walk.api.call('POST', '/items/', account.token, { title: `Row ${i + 1}` });
        }
      } else {
        // Exactly `rows` users: the built-in admin, this account, and fillers (others removed).
        const admin = await adminToken(walk.api);
        const listed = await walk.api.call<{ data: { id: string; email: string }[] }>(
          'GET',
          '/users/?limit=1000',
          admin,
        );
        for (const other of listed.body.data) {
          if (other.email === walk.api.superuser.email || other.id === account.id) continue;
          await walk.api.call('DELETE', `/users/${other.id}`, admin);
        }
        for (let i = 2; i < Math.max(rows, 2); i++) {
          await walk.api.call('POST', '/users/', admin, {
            email: uniqueEmail('filler'),
            password: 'password-123',
          });
        }
      }
      // Hold the first page's answer: pause the server as the session is ready, before the list asks.
      walk.tracker.onEnter('session', 'signedIn.ready', () => {
        walk.api.pause();
      });
      const first = (path.input as { page: number }).page;
      const shift = far(path) ? FAR - first : 0;
      const fault = serverFault((page) => (page - 1) * pageSize);
      api().use(fault);
      if (is500(path.steps[0])) fault.arm(first, fails(path, 0));
      if (isAfter(path.steps[0], 'readLimit')) CALL_TIME_LIMITS.read = WALK_READ_LIMIT;
      const app = renderApp(`${route}?page=${first + shift}`, account.token).app;
      return { account, app, u: user(), shift, fault };
    },
    teardown: (ctx) => {
      CALL_TIME_LIMITS.read = READ_LIMIT;
      api().eject(ctx.fault);
      ctx.app.session.stop();
    },
    async act(info: StepInfo, ctx, walk) {
      const { step, before, next } = info;
      const page = pageOf(before) + ctx.shift;
      if (next?.event.type === 'paging.failed' && !is500(next) && !ctx.shift)
        await setActive(walk.api, ctx.account.id, false);
      // The page the next step fails with a 500: the one the path is on after this step.
      if (is500(next) && !isAfter(step, 'retryDelay'))
        ctx.fault.arm(pageOf(info.after) + ctx.shift, fails(info.path, info.index));
      switch (step.event.type) {
        case 'paging.retry':
          return clickOrBlocked(ctx.u, screen.getByRole('button', { name: 'Try again' }));
        case 'paging.online':
          window.dispatchEvent(new Event('online'));
          return 'sent';
        case 'paging.next':
          return clickOrBlocked(ctx.u, screen.getByRole('button', { name: 'Next' }));
        case 'paging.previous':
          return clickOrBlocked(ctx.u, screen.getByRole('button', { name: 'Previous' }));
        case 'paging.sync': {
          const label = step.label;
          if (label.includes('same page')) {
            await navigate(ctx, `?page=${page}`);
            return 'blocked';
          }
          await navigate(ctx, label.includes('invalid') ? '?page=abc' : `?page=${page + 1}`);
          return 'sent';
        }
        case 'paging.loaded':
          // A full page is shown and Next comes next: hold the prefetch of the next page (pause the
          // server as the list turns ready), so that Next shows `loading` until the walk lets it answer.
          if (rowsOf(info.after) === pageSize && next?.event.type === 'paging.next') {
            walk.tracker.onEnter(model.name, 'list.ready', () => walk.api.pause());
          }
          // Shown or failed: the user adds a row; the list is refetched. Loading: the server answers.
          // (After the time limit, the held request's late answer is the one.)
          if (stateLabel(before) !== 'list.loading' && !isAfter(info.path.steps[info.index - 2], 'readLimit'))
            await addRow(ctx);
          return 'sent';
        default:
          return 'sent';
      }
    },
    async afterStep(info, ctx, walk) {
      if (isAfter(info.step, 'readLimit')) CALL_TIME_LIMITS.read = READ_LIMIT;
      if (info.step.event.type === 'paging.failed' && !is500(info.step) && !ctx.shift)
        await setActive(walk.api, ctx.account.id, true);
    },
    async see(expected, ctx, _walk, info) {
      const label = stateLabel(expected);
      const page = pageOf(expected) + ctx.shift;
      if (label === 'list.ready' && page === 1 && rowsOf(expected) === 0) {
        // An empty list: its card, and no dead Previous / Page 1 / Next under it.
        expect(await screen.findByTestId('empty-list', {}, { timeout: 10_000 })).toBeTruthy();
        expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
        expect(screen.queryByText('Page 1')).toBeNull();
        return;
      }
      expect(await screen.findByText(`Page ${page}`, {}, { timeout: 10_000 })).toBeTruthy();
      const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
      const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
      expect(previous.disabled).toBe(page === 1);
      const body = document.querySelector('tbody') as HTMLElement;
      if (label === 'list.retrying') {
        // The 500 is not shown as a failure: the list says it is asking again.
        expect(await screen.findByText('Retrying…')).toBeTruthy();
        expect(next.disabled).toBe(true);
        expect(screen.queryByRole('alert')).toBeNull();
        return;
      }
      if (label === 'list.loading') {
        expect(next.disabled).toBe(true);
        expect(body.getAttribute('aria-busy')).toBe('true');
        expect(screen.queryByRole('alert')).toBeNull();
        return;
      }
      if (label === 'list.ready') {
        expect((expected.context as PagingContext).pageSize).toBe(pageSize);
        const isFull = rowsOf(expected) === pageSize;
        // An empty page shows the empty state in place of the table.
        const shown = () => document.querySelector('tbody') ?? screen.queryByTestId('empty-list');
        await waitFor(() => {
          const list = shown();
          expect(list).not.toBeNull();
          expect(list?.getAttribute('aria-busy') ?? 'false').toBe('false');
        });
        const table = document.querySelector('tbody');
        const rows = table ? within(table).queryAllByRole('row') : [];
        if (!table) expect(screen.getByTestId('empty-list')).toBeTruthy();
        if (isFull) expect(rows).toHaveLength(pageSize);
        else expect(rows.length).toBeLessThan(pageSize);
        expect(next.disabled).toBe(!isFull);
        expect(screen.queryByRole('alert')).toBeNull();
        return;
      }
      if (label === 'list.failed') {
        // What went wrong, in the API's words ('Inactive user'; the 422 of a far page), and Try again.
        const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
        if (isAfter(info?.step, 'readLimit')) expect(alert.textContent).toBe(TIMEOUT_MESSAGE);
        else expect(alert.textContent).toMatch(ctx.shift ? /\w/ : /^Inactive user$/);
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
        expect(next.disabled).toBe(true);
        // Rows stay only if they are this page's (a refetch failed); another page's rows go.
        const context = expected.context as PagingContext;
        const rows = document.querySelector('tbody')?.querySelectorAll('tr') ?? [];
        if (context.list?.page !== context.page) expect(rows).toHaveLength(0);
        return;
      }
      throw new Error(`paging: no screen assertion for ${label}`);
    },
  };
}
