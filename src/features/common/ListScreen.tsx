import { Box, Button, Flex, Heading, Table, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { PagingMachine } from '../../machines/paging';
import { PlusIcon } from '../../ui/icons';
import { tableRecipe } from '../../ui/recipes';
import { PaginationFooter } from './PaginationFooter';
import { SkeletonRows } from './SkeletonRows';

type ListQuery = Pick<
  UseQueryResult<unknown, Error>,
  'data' | 'error' | 'isError' | 'isPending' | 'isPlaceholderData'
>;

/**
 * The frame of a paged management list (Items, Users): heading, Add button, the table with skeleton
 * rows while the first page loads and dimmed rows while the next one does, the query's error, the
 * pagination footer, and the screen's dialogs. The rows are the children.
 */
export function ListScreen({
  title,
  addLabel,
  onAdd,
  columns,
  query,
  paging,
  dialogs,
  children,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  columns: readonly string[];
  query: ListQuery;
  paging: ActorRefFrom<PagingMachine>;
  dialogs: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box>
      <Heading as="h1" size="lg" textAlign={{ base: 'center', md: 'left' }} pt={4} pb={6}>
        {title}
      </Heading>
      <Flex py={2} gap={4}>
        <Button variant="solid" colorPalette="teal" onClick={onAdd}>
          <PlusIcon aria-hidden="true" />
          {addLabel}
        </Button>
      </Flex>
      <Table.ScrollArea borderWidth="1px" rounded="md" mt={2}>
        <Table.Root recipe={tableRecipe} size={{ base: 'sm', md: 'md' }}>
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body
            opacity={query.isPlaceholderData ? 0.5 : 1}
            aria-busy={query.isPlaceholderData || query.isPending}
            data-placeholder={query.isPlaceholderData || undefined}
          >
            {query.data === undefined && query.isPending && <SkeletonRows columns={columns.length} />}
            {children}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {query.isError && (
        <Text color="red.fg" mt={2} role="alert">
          {query.error?.message}
        </Text>
      )}
      <PaginationFooter paging={paging} />
      {dialogs}
    </Box>
  );
}
