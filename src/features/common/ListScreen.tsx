import { Box, Button, Flex, Table, Text } from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { type ListPage, pageRows } from '../../machines/paging';
import { PlusIcon } from '../../ui/icons';
import { PageHeading, PageTitle } from '../../ui/PageTitle';
import { tableRecipe } from '../../ui/recipes';
import { PaginationFooter } from './PaginationFooter';
import { SkeletonRows } from './SkeletonRows';
import type { PagedList } from './usePagedList';

/** A list table's column: fixed widths keep columns in place from page to page; a `grow` one takes the rest. */
export interface ListColumn {
  label: string;
  width: string;
  grow?: boolean;
  /** On a phone's card, the last line in small type (an ID: the card leads with what names the row). */
  cardLast?: boolean;
}

/** What the list says when the first page is empty. */
export interface EmptyText {
  title: string;
  description: string;
  /** The empty state's call to action (the Add button above keeps its own name). */
  action: string;
}

/** Whether more of a scroll container lies to its right: the pinned Actions column then casts a shadow. */
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
 * The table on a phone: the same <table> (so roles and names hold on every screen) drawn as a card per
 * row, each cell led by its column's name as CSS text with empty alternative text (`/ ""`): screen
 * readers already hear the visually hidden header.
 */
function cardStyles(columns: readonly ListColumn[]) {
  const cell = (index: number) => `& tbody td:nth-of-type(${index + 1})`;
  const fields = columns.slice(0, -1);
  const first = fields.findIndex((column) => !column.cardLast);
  // The names' column as wide as the longest name, each on one line (~0.52 em a letter in the sans).
  const nameWidth = `${0.56 * Math.max(...fields.map((column) => column.label.length))}em`;
  const perColumn = fields.flatMap((column, index) => [
    [`${cell(index)}::before`, { content: `${JSON.stringify(column.label)} / ""` }],
    ...(column.cardLast ? [[cell(index), { order: 1, fontSize: 'xs' }]] : []),
  ]);
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
      display: 'flex',
      flexDirection: 'column',
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
      py: '0.5',
      borderBottomWidth: 0,
      minW: 0,
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
    },
    // A value may shrink to its line and wraps there, uncut (not the row menu's 44 px button).
    '& tbody td:not(:last-of-type) *': {
      minW: 0,
      maxW: 'none',
      whiteSpace: 'normal',
      overflow: 'visible',
      textOverflow: 'clip',
    },
    // The label in the page's own type whatever its cell's (the ID cell's is monospace).
    '& tbody td::before': {
      flex: `0 0 ${nameWidth}`,
      whiteSpace: 'nowrap',
      color: 'fg.muted',
      fontFamily: 'body',
      fontSize: 'sm',
      fontWeight: 'normal',
    },
    // The first line leaves room for the menu button and is as tall as it, so the next one need not.
    [cell(first)]: { pe: '12', minH: '10', alignItems: 'center' },
    '& tbody td:last-of-type': { position: 'absolute', top: '0.5', insetInlineEnd: '1', p: 0, minW: '11' },
    ...Object.fromEntries(perColumn),
  };
}

/** What ListScreen shows of the paging machine's state: the rows of its last answer, its error, where the page sits. */
function useListView<Row>(list: PagedList<Row>) {
  const view = useSelector(
    list.paging,
    (snapshot) => ({
      page: snapshot.context.page,
      pageSize: snapshot.context.pageSize,
      shown: snapshot.context.list,
      error: snapshot.context.error,
      loading: snapshot.matches({ list: 'loading' }) || snapshot.matches({ list: 'retrying' }),
      retrying: snapshot.matches({ list: 'retrying' }),
      answered: snapshot.matches({ list: 'ready' }),
      failed: snapshot.matches({ list: 'failed' }),
      rows: pageRows(snapshot.context),
    }),
    shallowEqual,
  );
  const shown = view.shown as (ListPage<Row> & { page: number }) | undefined;
  // Another page's rows stay on screen, dimmed, while this one loads; not once it has failed.
  const stale = shown !== undefined && shown.page !== view.page;
  const count = shown?.count ?? 0;
  return {
    ...view,
    shown,
    stale,
    dimmed: view.loading && stale,
    rows: view.answered ? view.rows : 0,
    count,
    lastPage: Math.max(1, Math.ceil(count / view.pageSize)),
    first: (view.page - 1) * view.pageSize + 1,
  };
}

type ListView<Row> = ReturnType<typeof useListView<Row>>;

/** An empty first page's call to action, or where the list ends for a page past its end. */
function EmptyList({
  view: { page, count, lastPage },
  empty,
  onAdd,
  goToPage,
}: {
  view: ListView<unknown>;
  empty: EmptyText;
  onAdd: () => void;
  goToPage: (page: number) => void;
}) {
  const pastEnd = page !== 1;
  return (
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
      <Text fontWeight="semibold" fontSize="lg">
        {pastEnd ? `Page ${page} is past the end of the list.` : empty.title}
      </Text>
      <Text color="fg.muted">
        {!pastEnd
          ? empty.description
          : count === 0
            ? 'The list is empty.'
            : `The list ends on page ${lastPage} (${count} in all).`}
      </Text>
      <Button mt={2} variant="outline" onClick={pastEnd ? () => goToPage(lastPage) : onAdd}>
        {!pastEnd && <PlusIcon />}
        {pastEnd ? `Go to page ${lastPage}` : empty.action}
      </Button>
    </Flex>
  );
}

/** The table: skeleton rows while the first page loads, dimmed rows while the next one does; cards below `md`. */
function ListTable<Row>({
  columns,
  view,
  row,
}: {
  columns: readonly ListColumn[];
  view: ListView<Row>;
  row: (row: Row) => ReactNode;
}) {
  const [scroller, moreAtEnd] = useMoreAtEnd<HTMLDivElement>();
  const minWidth = `calc(${columns.map((column) => column.width).join(' + ')})`;
  const fitsColumns = !columns.some((column) => column.grow);
  return (
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
            // 10 px each side: a column's width is its value's plus 1.25rem.
            '& th, & td': { px: '2.5' },
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
              // A column as narrow as its values puts a two-word header on two lines (the scroll
              // area's nowrap would run it into the next one).
              <Table.ColumnHeader key={column.label} whiteSpace="normal">
                {column.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body
          opacity={view.dimmed ? 0.5 : 1}
          aria-busy={view.loading}
          data-placeholder={view.dimmed || undefined}
        >
          {view.shown === undefined && view.loading && <SkeletonRows columns={columns.length} />}
          {!(view.failed && view.stale) && view.shown?.data.map(row)}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The frame of a paged management list (Items, Users), drawn from the paging machine's state. */
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
  const view = useListView(list);
  const { page, rows, first, count } = view;
  const isEmpty = view.answered && rows === 0;
  return (
    // Without a grow column the screen is as wide as its table, so the pager ends at the table's edge.
    <Box w={columns.some((column) => column.grow) ? undefined : { md: 'fit-content' }} maxW="full">
      <PageTitle title={title} />
      <PageHeading>{title}</PageHeading>
      <Flex py={2}>
        <Button variant="solid" colorPalette="teal" onClick={onAdd}>
          <PlusIcon />
          {addLabel}
        </Button>
      </Flex>
      {isEmpty ? (
        <EmptyList view={view} empty={empty} onAdd={onAdd} goToPage={goToPage} />
      ) : (
        <ListTable columns={columns} view={view} row={row} />
      )}
      {view.retrying && (
        <Text color="fg.muted" mt={2} role="status">
          Retrying…
        </Text>
      )}
      {view.failed && (
        <Flex mt={2} gap={3} align="center" wrap="wrap">
          <Text color="red.fg" role="alert">
            {errorMessage(view.error)}
          </Text>
          <Button size="sm" variant="outline" onClick={() => paging.send({ type: 'paging.retry' })}>
            Try again
          </Button>
        </Flex>
      )}
      {/* An empty list has no pages to move between: no dead Previous / Page 1 / Next under its card. */}
      {!(isEmpty && page === 1) && (
        <Flex
          mt={4}
          gap={{ base: 2, md: 4 }}
          align="center"
          justify={{ base: 'center', md: 'space-between' }}
          direction={{ base: 'column-reverse', md: 'row' }}
        >
          <Text color="fg.muted" fontSize="sm" data-testid="list-range">
            {rows > 1 && `Showing ${first}–${first + rows - 1} of ${count}`}
            {rows === 1 && `Showing ${first} of ${count}`}
          </Text>
          <PaginationFooter paging={paging} />
        </Flex>
      )}
      {dialogs}
    </Box>
  );
}
