import { type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import type { PagingMachine } from '../../machines/paging';
import { inspect } from '../app/inspect';

/**
 * Wires a paging machine to the URL and to a list query: the URL's page is synced into the machine,
 * the query's answers are reported to it, and the machine's navigate/prefetch actions act on both.
 */
export function usePagedList<TData extends { data: unknown[] }, TKey extends QueryKey>(
  machine: PagingMachine,
  page: number,
  options: (page: number) => UseQueryOptions<TData, Error, TData, TKey>,
  navigateToPage: (page: number) => void,
) {
  const queryClient = useQueryClient();
  const paging = useActorRef(
    machine.provide({
      actions: {
        navigate: (_, params) => navigateToPage(params.page),
        prefetch: (_, params) => {
          void queryClient.prefetchQuery(options(params.page));
        },
      },
    }),
    { input: { page }, inspect },
  );
  const query = useQuery(options(page));

  useEffect(() => {
    paging.send({ type: 'paging.sync', page });
  }, [paging, page]);

  useEffect(() => {
    if (query.isError) paging.send({ type: 'paging.failed' });
    else if (query.data && !query.isPlaceholderData)
      paging.send({ type: 'paging.loaded', rows: query.data.data.length });
  }, [paging, query.data, query.isPlaceholderData, query.isError]);

  return { paging, query };
}
