import { Box, Button, Stack } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';

/** The viewer's bordered, scrolling lists (edges, paths, running machines, steps, the event log). */
export function ScrollingList({
  as = 'ul',
  label,
  maxH,
  focusable = false,
  ref,
  children,
}: {
  as?: 'ul' | 'ol';
  label: string;
  maxH?: string | Record<string, string>;
  /** A list that scrolls, or whose items can all be filtered away, stays reachable by keyboard. */
  focusable?: boolean;
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <Stack
      as={as}
      ref={ref}
      aria-label={label}
      tabIndex={focusable ? 0 : undefined}
      gap={0}
      maxH={maxH}
      overflowY="auto"
      borderWidth="1px"
      borderRadius="md"
      listStyleType="none"
    >
      {children}
    </Stack>
  );
}

/** A scrolling list of toggle buttons in monospace (edges, test paths): the selected one is pressed. */
export function ChoiceList({
  label,
  items,
  selected,
  onSelect,
  maxH,
  focusable = false,
  text = (item) => item,
}: {
  label: string;
  items: string[];
  /** What a button says, when not the item itself. */
  text?: (item: string) => string;
  selected: string | null;
  onSelect: (item: string) => void;
  maxH?: string | Record<string, string>;
  /** A list whose buttons can all be filtered away stays reachable by keyboard. */
  focusable?: boolean;
}) {
  return (
    <ScrollingList label={label} maxH={maxH} focusable={focusable}>
      {items.map((item) => (
        <Box as="li" key={item} borderBottomWidth="1px">
          <Button
            size="xs"
            width="full"
            h="auto"
            py={1.5}
            justifyContent="flex-start"
            textAlign="start"
            whiteSpace="normal"
            wordBreak="break-word"
            fontFamily="mono"
            fontWeight="normal"
            // Solid, not subtle: teal text on the subtle teal background is 4.2:1, under AA's 4.5:1 (axe).
            variant={item === selected ? 'solid' : 'ghost'}
            aria-pressed={item === selected}
            onClick={() => onSelect(item)}
          >
            {text(item)}
          </Button>
        </Box>
      ))}
    </ScrollingList>
  );
}
