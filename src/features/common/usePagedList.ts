import {
  QueryObserver,
  type QueryObserverOptions,
  type QueryObserverResult,
  useQueryClient,
} from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { type EventObject, fromCallback } from 'xstate';
import type { PageRequest } from '../../api/paging';
import type { FormValues } from '../../machines/form';
import type { ListPage, PagingMachine } from '../../machines/paging';
import { inspect } from '../app/inspect';
import type { AnyConfirmation } from './confirmation';
import type { FormDialogDescriptor } from './form-dialog';
import { useSharedRowDialogs } from './RowConfirmations';
import { rowFormActions, useDescribedFormDialog } from './useRowDialogs';

/** The list screens' paths; the page lives in their `?page=N`. */
export type ListPath = '/items' | '/admin';

/** The query options of one page of a list (src/api/queries.ts), keyed `[list name, { page, pageSize }]`. */
export type ListQueryOptions<Row, Key extends ListKey> = (
  request: PageRequest,
) => QueryObserverOptions<ListPage<Row>, Error, ListPage<Row>, ListPage<Row>, Key>;
type ListKey = readonly [string, PageRequest];

/**
 * Runs a paging machine on a list route: its `list` actor is a TanStack QueryObserver of the page (so the
 * cache and refetches are TanStack's), `navigate` writes the URL and a changed URL is `paging.sync`.
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
          // Report each answer and error once; not an old error while the query is fetched again.
          let reported: unknown;
          const report = (result: QueryObserverResult<ListPage<Row>>) => {
            if (result.isError && !result.isFetching && result.error !== reported) {
              reported = result.error;
              sendBack({ type: 'paging.failed', error: result.error });
            } else if (result.isSuccess && result.data !== reported) {
              reported = result.data;
              sendBack({ type: 'paging.loaded', list: result.data });
            }
          };
          // Subscribing first starts the refetch of a failed page, so its old error is not reported.
          const unsubscribe = observer.subscribe(report);
          report(observer.getCurrentResult());
          return unsubscribe;
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

  // The network back: a failed list asks again (the machine's `paging.online`).
  useEffect(() => {
    const online = () => paging.send({ type: 'paging.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [paging]);

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

export type PagedList<Row> = ReturnType<typeof usePagedList<Row, ListKey>>;

/** A management list (Items, Users) as its descriptors wire it: paged list, Add/Edit dialogs, row menus. */
export function useManagedList<
  Row extends { id: string },
  Key extends ListKey,
  A extends FormValues,
  E extends FormValues,
>(spec: {
  machine: PagingMachine;
  path: ListPath;
  query: ListQueryOptions<Row, Key>;
  pageSize: number;
  add: FormDialogDescriptor<A, null, Row>;
  edit: FormDialogDescriptor<E, Row, Row>;
  confirmations: readonly AnyConfirmation[];
  /** Names the row in the password dialog. */
  record?: (row: Row) => { name: string; detail?: string };
}) {
  const list = usePagedList(spec.machine, spec.path, spec.query, spec.pageSize);
  const add = useDescribedFormDialog(spec.add, list.refetch);
  const edit = useDescribedFormDialog(spec.edit, list.refetch);
  const shared = useSharedRowDialogs<Row>(spec.path, spec.confirmations, list.refetch, spec.record);
  return {
    add,
    edit,
    shared,
    actions: (row: Row) => [...rowFormActions(spec.edit, edit, row, shared.opener), ...shared.actions(row)],
    screen: { list, addLabel: spec.add.screen.title, onAdd: () => add.send({ type: 'modal.open' }) },
  };
}
