import { Button, Flex, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { PagingMachine } from '../../machines/paging';
import { NextIcon, PreviousIcon } from '../../ui/icons';

/** Previous / 'Page N' / Next, enabled as the paging machine allows. */
export function PaginationFooter({ paging }: { paging: ActorRefFrom<PagingMachine> }) {
  const page = useSelector(paging, (s) => s.context.page);
  const canPrevious = useSelector(paging, (s) => s.can({ type: 'paging.previous' }));
  const canNext = useSelector(paging, (s) => s.can({ type: 'paging.next' }));
  return (
    <Flex as="nav" aria-label="Pagination" gap={4} alignItems="center" justify="flex-end">
      <Button
        size="sm"
        variant="outline"
        disabled={!canPrevious}
        onClick={() => paging.send({ type: 'paging.previous' })}
      >
        <PreviousIcon aria-hidden="true" />
        Previous
      </Button>
      <Text aria-live="polite">Page {page}</Text>
      <Button
        size="sm"
        variant="outline"
        disabled={!canNext}
        onClick={() => paging.send({ type: 'paging.next' })}
      >
        Next
        <NextIcon aria-hidden="true" />
      </Button>
    </Flex>
  );
}
