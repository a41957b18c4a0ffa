import { Box, Button, Flex, Table, Text } from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type ListPage, pageRows } from '../../machines/paging';
import { PlusIcon } from '../../ui/icons';
import { PageHeading, PageTitle } from '../../ui/PageTitle';
import { tableRecipe } from '../../ui/recipes';
import { PaginationFooter } from './PaginationFooter';
import { SkeletonRows } from './SkeletonRows';
import type { PagedList } from './usePagedList';

/**
 * A column of a list table. Widths are fixed (the table's layout is `fixed`), so columns keep their
 * place from page to page whatever the rows hold; the one `grow` column takes the room left over and
 * `width` is its minimum.
 */
export interface ListColumn {
  label: string;
  width: string;
  grow?: boolean;
}

/** What the list says when the first page is empty. */
export interface EmptyText {
  title: string;
  description: string;
  /** The empty state's call to action (the Add button above keeps its own name). */
  action: string;
}

/**
 * Whether a scroll container is wider inside than it shows (`wider`: the hint to scroll shows), and
 * whether more of it lies to the right (`moreAtEnd`: the pinned Actions column casts a shadow over the
 * columns scrolled beneath it).
 */
function useHorizontalOverflow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflow, setOverflow] = useState({ wider: false, moreAtEnd: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const wider = element.scrollWidth > element.clientWidth + 1;
      const moreAtEnd = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setOverflow((last) =>
        last.wider === wider && last.moreAtEnd === moreAtEnd ? last : { wider, moreAtEnd },
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);
  return [ref, overflow] as const;
}

/**
 * The frame of a paged management list (Items, Users): heading, Add button, the table with skeleton
 * rows while the first page loads and dimmed rows while the next one does, the query's error, the
 * pagination footer with where the page sits in the list, an empty state for an empty list or a page
 * past its end, and the screen's dialogs. It renders the paging machine's state (usePagedList): the
 * rows of its last answer, its error, where the page sits. `row` draws one row; its last cell (Actions) stays
 * pinned to the right edge when the table is wider than the screen.
 */
export function ListScreen<Row>({
  title,
  addLabel,
  onAdd,
  columns,
  empty,
  list,
  row,
  dialogs,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  columns: readonly ListColumn[];
  empty: EmptyText;
  /** The paging machine running the list (usePagedList). */
  list: PagedList<Row>;
  /** One table row. */
  row: (row: Row) => ReactNode;
  dialogs: ReactNode;
}) {
  const { paging, goToPage } = list;
  const [scroller, overflow] = useHorizontalOverflow<HTMLDivElement>();
  const view = useSelector(
    paging,
    (snapshot) => ({
      page: snapshot.context.page,
      pageSize: snapshot.context.pageSize,
      shown: snapshot.context.list,
      error: snapshot.context.error,
      loading: snapshot.matches({ list: 'loading' }),
      answered: snapshot.matches({ list: 'ready' }),
      failed: snapshot.matches({ list: 'failed' }),
      rows: pageRows(snapshot.context),
    }),
    shallowEqual,
  );
  const { page, pageSize, loading, failed } = view;
  const answered = view.answered;
  const rows = answered ? view.rows : 0;
  const shown = view.shown as (ListPage<Row> & { page: number }) | undefined;
  // Another page's rows stay on screen, dimmed, while this one loads; not once it has failed.
  const stale = shown !== undefined && shown.page !== page;
  const dimmed = loading && stale;
  const count = shown?.count ?? 0;
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  const first = (page - 1) * pageSize + 1;
  const minWidth = `calc(${columns.map((column) => column.width).join(' + ')})`;

  return (
    <Box>
      <PageTitle title={title} />
      <PageHeading>{title}</PageHeading>
      <Flex py={2} gap={4} align="flex-end" justify="space-between">
        <Button variant="solid" colorPalette="teal" onClick={onAdd}>
          <PlusIcon />
          {addLabel}
        </Button>
        {overflow.wider && !(answered && rows === 0) && (
          // For sighted users on narrow screens; the table's own semantics serve screen readers.
          <Text fontSize="xs" color="fg.muted" aria-hidden="true" data-testid="scroll-hint">
            Scroll sideways for more columns →
          </Text>
        )}
      </Flex>
      {answered && rows === 0 ? (
        <Flex
          direction="column"
          align="center"
          textAlign="center"
          gap={2}
          borderWidth="1px"
          rounded="md"
          mt={2}
          px={6}
          py={10}
          data-testid="empty-list"
        >
          {page === 1 ? (
            <>
              <Text fontWeight="semibold" fontSize="lg">
                {empty.title}
              </Text>
              <Text color="fg.muted">{empty.description}</Text>
              <Button mt={2} variant="outline" onClick={onAdd}>
                <PlusIcon />
                {empty.action}
              </Button>
            </>
          ) : (
            <>
              <Text fontWeight="semibold" fontSize="lg">
                Page {page} is past the end of the list.
              </Text>
              <Text color="fg.muted">
                {count === 0 ? 'The list is empty.' : `The list ends on page ${lastPage} (${count} in all).`}
              </Text>
              <Button mt={2} variant="outline" onClick={() => goToPage(lastPage)}>
                Go to page {lastPage}
              </Button>
            </>
          )}
        </Flex>
      ) : (
        <Table.ScrollArea
          ref={scroller}
          borderWidth="1px"
          rounded="md"
          mt={2}
          data-more-at-end={overflow.moreAtEnd || undefined}
        >
          <Table.Root
            recipe={tableRecipe}
            size={{ base: 'sm', md: 'md' }}
            tableLayout="fixed"
            minW={minWidth}
            css={{
              // The Actions column stays in view; the columns scrolled beneath it fade under a shadow.
              '& tr > :last-child': {
                position: 'sticky',
                insetInlineEnd: 0,
                bg: 'bg',
                zIndex: 1,
              },
              '[data-more-at-end] & tr > :last-child': {
                boxShadow: '-12px 0 10px -10px var(--chakra-colors-fg-muted)',
                borderStartWidth: '1px',
                borderColor: 'border.emphasized',
              },
            }}
          >
            <Table.ColumnGroup>
              {columns.map((column) => (
                <Table.Column key={column.label} width={column.grow ? undefined : column.width} />
              ))}
            </Table.ColumnGroup>
            <Table.Header>
              <Table.Row>
                {columns.map((column) => (
                  <Table.ColumnHeader key={column.label} whiteSpace="normal">
                    {column.label}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body opacity={dimmed ? 0.5 : 1} aria-busy={loading} data-placeholder={dimmed || undefined}>
              {shown === undefined && loading && <SkeletonRows columns={columns.length} />}
              {!(failed && stale) && shown?.data.map(row)}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {failed && (
        <Text color="red.fg" mt={2} role="alert">
          {(view.error as Error | undefined)?.message}
        </Text>
      )}
      {/* An empty list has no pages to move between: no dead Previous / Page 1 / Next under its card. */}
      {!(answered && rows === 0 && page === 1) && (
        <Flex
          mt={4}
          gap={{ base: 2, md: 4 }}
          align="center"
          justify={{ base: 'center', md: 'space-between' }}
          direction={{ base: 'column-reverse', md: 'row' }}
        >
          <Text color="fg.muted" fontSize="sm" data-testid="list-range">
            {rows > 0 ? `Showing ${first}–${first + rows - 1} of ${count}` : ''}
          </Text>
          <PaginationFooter paging={paging} />
        </Flex>
      )}
      {dialogs}
    </Box>
  );
}
