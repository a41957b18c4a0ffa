import {
  QueryObserver,
  type QueryObserverOptions,
  type QueryObserverResult,
  useQueryClient,
} from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { type ActorRefFrom, type EventObject, fromCallback } from 'xstate';
import type { PageRequest } from '../../api/paging';
import type { ListPage, PagingMachine } from '../../machines/paging';
import { inspect } from '../app/inspect';

/** The list screens' paths; the page lives in their `?page=N`. */
export type ListPath = '/items' | '/admin';

/** The query options of one page of a list (src/api/queries.ts), keyed `[list name, { page, pageSize }]`. */
export type ListQueryOptions<Row, Key extends ListKey> = (
  request: PageRequest,
) => QueryObserverOptions<ListPage<Row>, Error, ListPage<Row>, ListPage<Row>, Key>;
type ListKey = readonly [string, PageRequest];

/**
 * Runs a paging machine on a list route with the list's page size (PAGE_SIZES): the machine's `list`
 * actor is the list query of its page (a
 * TanStack QueryObserver, so the cache, retries and refetches after invalidation are TanStack's) and
 * reports each new answer or error to it; `navigate` writes the page to the URL and a change of the
 * URL's page is passed in (`paging.sync`); `prefetch` warms the next page.
 */
export function usePagedList<Row, Key extends ListKey>(
  machine: PagingMachine,
  path: ListPath,
  options: ListQueryOptions<Row, Key>,
  pageSize: number,
) {
  const queryClient = useQueryClient();
  // Both list routes parse `?page` with pageSearchSchema: a positive integer, 1 by default.
  const page = useSearch({ strict: false }).page ?? 1;
  const navigate = useNavigate();
  const goToPage = (next: number) => {
    void navigate({ to: path, search: (previous) => ({ ...previous, page: next }) });
  };
  const paging = useActorRef(
    machine.provide({
      actors: {
        list: fromCallback<EventObject, PageRequest>(({ input, sendBack }) => {
          const observer = new QueryObserver(queryClient, options(input));
          // Report each answer and each error once (a refetch that changes nothing keeps the data's identity).
          let reported: unknown;
          const report = (result: QueryObserverResult<ListPage<Row>>) => {
            if (result.isError && result.error !== reported) {
              reported = result.error;
              sendBack({ type: 'paging.failed', error: result.error });
            } else if (result.isSuccess && result.data !== reported) {
              reported = result.data;
              sendBack({ type: 'paging.loaded', list: result.data });
            }
          };
          report(observer.getCurrentResult());
          return observer.subscribe(report);
        }),
      },
      actions: {
        navigate: (_, params) => goToPage(params.page),
        prefetch: ({ context }, params) => {
          void queryClient.prefetchQuery(options({ page: params.page, pageSize: context.pageSize }));
        },
      },
    }),
    { input: { page, pageSize }, inspect },
  );

  useEffect(() => {
    paging.send({ type: 'paging.sync', page });
  }, [paging, page]);

  /** After a change to the list: every cached page is stale, the shown one is refetched. */
  const refetch = () =>
    void queryClient.invalidateQueries({ queryKey: [options({ page: 1, pageSize }).queryKey[0]] });

  return {
    paging,
    goToPage,
    refetch,
    /** Names the rows' type for ListScreen. */ rowType: undefined as Row | undefined,
  };
}

export interface PagedList<Row> {
  paging: ActorRefFrom<PagingMachine>;
  goToPage: (page: number) => void;
  refetch: () => void;
  rowType: Row | undefined;
}
