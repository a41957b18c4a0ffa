import { Skeleton, Table } from '@chakra-ui/react';
import { skeletonRecipe } from '../../ui/recipes';

/** Four placeholder rows while a list loads. */
export function SkeletonRows({ columns }: { columns: number }) {
  return (
    <>
      {[0, 1, 2, 3].map((row) => (
        <Table.Row key={row} data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder grid
            <Table.Cell key={column}>
              {/* flex: a phone's card line is a flex row, where a bar of no content would be 0 px wide. */}
              <Skeleton recipe={skeletonRecipe} height="20px" flex="1" />
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
    </>
  );
}
