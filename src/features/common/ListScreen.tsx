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
 * Whether more of a scroll container lies to its right (on a screen too narrow for the table from `md`
 * up): the pinned Actions column then casts a shadow over the columns scrolled beneath it.
 */
function useMoreAtEnd<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [moreAtEnd, setMoreAtEnd] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setMoreAtEnd(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
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
  return [ref, moreAtEnd] as const;
}

// Chakra's `md` breakpoint (48rem): below it a list is a column of cards, from it up a table.
const BELOW_MD = '@media screen and (max-width: 47.9975rem)';
const FROM_MD = '@media screen and (min-width: 48rem)';

/**
 * The table's styles on a phone: the same <table> (one DOM, so rows, cells and the row's menu keep
 * their roles and names on every screen) drawn as one card per row, each cell a line led by its
 * column's name. The names are CSS text with empty alternative text (`/ ""`): screen readers already
 * hear each cell's column header, kept in the (visually hidden) header row. The Actions cell sits in
 * the card's top-right corner, so the first lines leave it room.
 */
function cardStyles(columns: readonly ListColumn[]) {
  const labels = Object.fromEntries(
    columns
      .slice(0, -1)
      .map((column, index) => [
        `& tbody td:nth-of-type(${index + 1})::before`,
        { content: `${JSON.stringify(column.label)} / ""` },
      ]),
  );
  return {
    display: 'block',
    minW: 0,
    '& colgroup': { display: 'none' },
    // Hidden to the eye only (display: block so the 1 px box holds; a row group ignores sizes).
    '& thead': {
      display: 'block',
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
    '& tbody': { display: 'flex', flexDirection: 'column', gap: '3' },
    '& tbody tr': {
      display: 'block',
      position: 'relative',
      borderWidth: '1px',
      borderColor: 'border',
      rounded: 'md',
      px: '3',
      py: '2',
      bg: 'bg',
    },
    '& tbody td': {
      display: 'flex',
      alignItems: 'baseline',
      gap: '3',
      px: 0,
      py: '1',
      borderBottomWidth: 0,
      minW: 0,
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
    },
    // A value may shrink to its line (not the row menu's button, which keeps its 44 px).
    '& tbody td:not(:last-of-type) > *': { minW: 0 },
    // The label in the page's own type whatever its cell's (the ID cell's is monospace).
    '& tbody td::before': {
      flex: '0 0 7.5rem',
      color: 'fg.muted',
      fontFamily: 'body',
      fontSize: 'sm',
      fontWeight: 'normal',
    },
    '& tbody td:nth-of-type(-n+2)': { pe: '12' },
    '& tbody td:last-of-type': { position: 'absolute', top: '1', insetInlineEnd: '1', p: 0, minW: '11' },
    ...labels,
  };
}

/**
 * The frame of a paged management list (Items, Users): heading, Add button, the table with skeleton
 * rows while the first page loads and dimmed rows while the next one does, the query's error, the
 * pagination footer with where the page sits in the list, an empty state for an empty list or a page
 * past its end, and the screen's dialogs. It renders the paging machine's state (usePagedList): the
 * rows of its last answer, its error, where the page sits. `row` draws one row; its last cell (Actions) stays
 * pinned to the right edge when the table is wider than the screen. Below `md` the rows are cards
 * (`cardStyles`). Without a `grow` column the table is as wide as its columns, not the page.
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
  const [scroller, moreAtEnd] = useMoreAtEnd<HTMLDivElement>();
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
  const fitsColumns = !columns.some((column) => column.grow);

  return (
    <Box>
      <PageTitle title={title} />
      <PageHeading>{title}</PageHeading>
      <Flex py={2}>
        <Button variant="solid" colorPalette="teal" onClick={onAdd}>
          <PlusIcon />
          {addLabel}
        </Button>
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
          borderWidth={{ base: 0, md: '1px' }}
          rounded="md"
          mt={2}
          w={fitsColumns ? { base: 'full', md: 'fit-content' } : undefined}
          maxW="full"
          data-more-at-end={moreAtEnd || undefined}
        >
          <Table.Root
            recipe={tableRecipe}
            size={{ base: 'sm', md: 'md' }}
            tableLayout="fixed"
            css={{
              [BELOW_MD]: cardStyles(columns),
              [FROM_MD]: {
                minW: minWidth,
                w: fitsColumns ? minWidth : undefined,
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
                  // Each header on one line: a header row as tall as the rows below it.
                  <Table.ColumnHeader key={column.label} whiteSpace="nowrap">
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
