import { assign, type EventObject, enqueueActions, fromCallback, setup } from 'xstate';
import { CALL_TIME_LIMITS, CallTimeoutError, isTransient } from '../api/errors';
import { type PageRequest, parsePage } from '../api/paging';
import { implementing } from './requirements';

/**
 * Paging of a list (page size as input): the machine owns the fetch (the injected `list` actor reports
 * every answer and failure), so loading, rows and error have one owner. The URL is its input and output
 * (`paging.sync` in, `navigate` out); a transient failure is retried visibly at most MAX_RETRIES times.
 */

/** Automatic retries of a page that failed transiently, before it is shown as failed. */
export const MAX_RETRIES = 2;

/** One answer of a list call: the page's rows and how many rows the whole list has. */
export interface ListPage<Row> {
  data: Row[];
  count: number;
}

export interface PagingContext {
  page: number;
  /** Rows on a full page: Next and the prefetch follow only a page that answered this many. */
  pageSize: number;
  /** The last answer, and the page it is of: while another page loads it stays on screen, dimmed. */
  list: (ListPage<unknown> & { page: number }) | undefined;
  /** Why the last load of this page failed (cleared by the next answer). */
  error: unknown;
  /** Automatic retries made since the page was asked for or last answered. */
  retries: number;
}

export type PagingEvent =
  | { type: 'paging.sync'; page: unknown }
  | { type: 'paging.loaded'; list: ListPage<unknown> }
  | { type: 'paging.failed'; error: unknown }
  | { type: 'paging.retry' }
  | { type: 'paging.online' }
  | { type: 'paging.next' }
  | { type: 'paging.previous' };

/** The page to start on (the URL's `?page`, parsed here) and the list's page size (PAGE_SIZES). */
export interface PagingInput {
  page?: unknown;
  pageSize: number;
}

/** Rows of the current page as last answered (0 while it has not answered). */
export function pageRows(context: PagingContext): number {
  return context.list?.page === context.page ? context.list.data.length : 0;
}

/** The paging chart's implementations; the list query, the URL and the prefetch are injected. */
function pagingSetup(id: string) {
  return setup({
    types: {
      context: {} as PagingContext,
      events: {} as PagingEvent,
      input: {} as PagingInput,
    },
    delays: {
      readLimit: () => CALL_TIME_LIMITS.read,
      retryDelay: ({ context }) => 1000 * 2 ** Math.max(0, context.retries - 1),
    },
    actors: {
      /** Injected: the list query of `input` (a page of `pageSize` rows), reporting `paging.loaded` / `paging.failed`. */
      list: fromCallback<EventObject, PageRequest>(() => {
        throw new Error(`${id}: the list actor was not provided`);
      }),
    },
    actions: {
      /** Injected: put the page into the URL. */
      navigate: (_, _params: { page: number }) => {},
      /** Injected: load the given page into the cache. */
      prefetch: (_, _params: { page: number }) => {},
      setList: assign({
        list: ({ context, event }) =>
          event.type === 'paging.loaded' ? { ...event.list, page: context.page } : context.list,
        error: undefined,
        retries: 0,
      }),
      countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
      timeOut: assign({ error: () => new CallTimeoutError('The list was not answered in time') }),
      setError: assign({ error: ({ event }) => (event.type === 'paging.failed' ? event.error : undefined) }),
      syncPage: assign({
        page: ({ event }) => (event.type === 'paging.sync' ? parsePage(event.page) : 1),
        retries: 0,
      }),
      nextPage: assign({ page: ({ context }) => context.page + 1, retries: 0 }),
      previousPage: assign({ page: ({ context }) => Math.max(1, context.page - 1), retries: 0 }),
      resetRetries: assign({ retries: 0 }),
    },
    guards: {
      hasNextPage: ({ context }) => pageRows(context) === context.pageSize,
      hasPreviousPage: ({ context }) => context.page > 1,
      mayRetry: ({ context, event }) =>
        event.type === 'paging.failed' && isTransient(event.error) && context.retries < MAX_RETRIES,
      isOtherPage: ({ context, event }) =>
        event.type === 'paging.sync' && parsePage(event.page) !== context.page,
    },
  });
}

/** The page moved to, into the URL. */
const navigate = {
  type: 'navigate',
  params: ({ context }: { context: PagingContext }) => ({ page: context.page }),
} as const;

export function createPagingMachine(id: string) {
  // Try again, or the network back: the page asked for afresh.
  const askAgain = { target: `#${id}.list`, reenter: true, actions: 'resetRetries' } as const;
  return pagingSetup(id).createMachine({
    id,
    context: ({ input }) => ({
      page: parsePage(input.page),
      pageSize: input.pageSize,
      list: undefined,
      error: undefined,
      retries: 0,
    }),
    initial: 'list',
    states: {
      list: {
        // Each page is asked for as skip=(page-1)*size, limit=size.
        meta: implementing('R-CALL-03'),
        invoke: {
          id: 'list',
          src: 'list',
          input: ({ context }) => ({ page: context.page, pageSize: context.pageSize }),
        },
        initial: 'loading',
        on: {
          // Another page restarts the list query (re-entering `list`) on that page.
          'paging.sync': {
            guard: 'isOtherPage',
            target: 'list',
            reenter: true,
            actions: 'syncPage',
            meta: implementing('R-ROUTE-14'),
          },
          'paging.previous': {
            guard: 'hasPreviousPage',
            target: 'list',
            reenter: true,
            actions: ['previousPage', navigate],
            meta: implementing('R-FLOW-16'),
          },
          // Any answer of the query, refetches too (after a change, when the network comes back).
          'paging.loaded': { target: '.ready', actions: 'setList' },
          'paging.failed': [
            { guard: 'mayRetry', target: '.retrying', actions: ['setError', 'countRetry'] },
            { target: '.failed', actions: 'setError' },
          ],
        },
        states: {
          // Skeleton rows, or the last page's rows dimmed.
          loading: {
            meta: implementing('R-ROUTE-16'),
            after: { readLimit: { target: 'failed', actions: 'timeOut' } },
          },
          // As loading, saying 'Retrying…'; then the query again (re-entering `list` refetches it).
          retrying: { after: { retryDelay: { target: `#${id}.list`, reenter: true } } },
          ready: {
            meta: implementing('R-FLOW-17'),
            // On a full page, warm the next one.
            entry: enqueueActions(({ context, check, enqueue }) => {
              if (check('hasNextPage')) enqueue({ type: 'prefetch', params: { page: context.page + 1 } });
            }),
            on: {
              'paging.next': {
                guard: 'hasNextPage',
                target: `#${id}.list`,
                reenter: true,
                actions: ['nextPage', navigate],
                meta: implementing('R-FLOW-15'),
              },
            },
          },
          // The reason and Try again, which asks for the page afresh, as the network coming back does.
          failed: { on: { 'paging.retry': askAgain, 'paging.online': askAgain } },
        },
      },
    },
  });
}

export type PagingMachine = ReturnType<typeof createPagingMachine>;

/** Chart: [docs/statecharts/itemsPaging.md](../../docs/statecharts/itemsPaging.md). */
export const itemsPagingMachine = createPagingMachine('itemsPaging');
/** Chart: [docs/statecharts/usersPaging.md](../../docs/statecharts/usersPaging.md). */
export const usersPagingMachine = createPagingMachine('usersPaging');
