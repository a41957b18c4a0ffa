import { assign, enqueueActions, setup } from 'xstate';
import { PAGE_SIZE, parsePage } from '../api/paging';

/**
 * Paging of a list of PAGE_SIZE rows. The page number comes from the URL (`paging.sync`); the list
 * query reports each answer (`paging.loaded`). Next is allowed only after a full page, Previous above
 * page 1; on a full page the next one is prefetched. Navigation and prefetch are injected actions.
 */

export interface PagingContext {
  page: number;
  pageSize: number;
  /** Rows on the current page, as last loaded. */
  rows: number;
}

export type PagingEvent =
  | { type: 'paging.sync'; page: number }
  | { type: 'paging.loaded'; rows: number }
  | { type: 'paging.failed' }
  | { type: 'paging.next' }
  | { type: 'paging.previous' };

export function createPagingMachine(id: string) {
  return setup({
    types: {
      context: {} as PagingContext,
      events: {} as PagingEvent,
      input: {} as { page?: number } | undefined,
    },
    actions: {
      /** Injected: put the page into the URL. */
      navigate: (_, _params: { page: number }) => {},
      /** Injected: load the given page into the cache. */
      prefetch: (_, _params: { page: number }) => {},
      setRows: assign({ rows: ({ event }) => (event.type === 'paging.loaded' ? event.rows : 0) }),
      syncPage: assign({ page: ({ event }) => (event.type === 'paging.sync' ? parsePage(event.page) : 1) }),
      nextPage: assign({ page: ({ context }) => context.page + 1, rows: 0 }),
      previousPage: assign({ page: ({ context }) => Math.max(1, context.page - 1), rows: 0 }),
    },
    guards: {
      hasNextPage: ({ context }) => context.rows === context.pageSize,
      hasPreviousPage: ({ context }) => context.page > 1,
      isOtherPage: ({ context, event }) =>
        event.type === 'paging.sync' && parsePage(event.page) !== context.page,
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ page: parsePage(input?.page), pageSize: PAGE_SIZE, rows: 0 }),
    initial: 'loading',
    on: {
      'paging.sync': { guard: 'isOtherPage', target: '.loading', actions: 'syncPage' },
    },
    states: {
      loading: {
        on: {
          'paging.loaded': { target: 'ready', actions: 'setRows' },
          'paging.failed': { target: 'failed' },
          'paging.previous': {
            guard: 'hasPreviousPage',
            target: 'loading',
            reenter: true,
            actions: [
              'previousPage',
              { type: 'navigate', params: ({ context }) => ({ page: context.page }) },
            ],
          },
        },
      },
      ready: {
        entry: enqueueActions(({ context, check, enqueue }) => {
          if (check('hasNextPage')) enqueue({ type: 'prefetch', params: { page: context.page + 1 } });
        }),
        on: {
          'paging.loaded': { target: 'ready', reenter: true, actions: 'setRows' },
          'paging.next': {
            guard: 'hasNextPage',
            target: 'loading',
            actions: ['nextPage', { type: 'navigate', params: ({ context }) => ({ page: context.page }) }],
          },
          'paging.previous': {
            guard: 'hasPreviousPage',
            target: 'loading',
            actions: [
              'previousPage',
              { type: 'navigate', params: ({ context }) => ({ page: context.page }) },
            ],
          },
        },
      },
      failed: {
        on: {
          'paging.loaded': { target: 'ready', actions: 'setRows' },
          'paging.previous': {
            guard: 'hasPreviousPage',
            target: 'loading',
            actions: [
              'previousPage',
              { type: 'navigate', params: ({ context }) => ({ page: context.page }) },
            ],
          },
        },
      },
    },
  });
}

export const itemsPagingMachine = createPagingMachine('itemsPaging');
export const usersPagingMachine = createPagingMachine('usersPaging');
export type PagingMachine = ReturnType<typeof createPagingMachine>;
