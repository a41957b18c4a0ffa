import { Box, Button, Stack } from '@chakra-ui/react';
import { type ReactNode, type Ref, useEffect, useRef } from 'react';

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

/**
 * A path's steps, one row each, a click on a row going to it (the Paths and Replay panels). The current
 * step is marked (`aria-current="step"`, teal) and kept in view while stepping; `tone` gives another row
 * its background (a replayed step that differs from its recording).
 */
export function StepList<Step extends { index: number }>({
  label,
  steps,
  current,
  onSelect,
  tone,
  children,
}: {
  label: string;
  steps: readonly Step[];
  /** The position of the current step in `steps`. */
  current: number;
  onSelect: (position: number) => void;
  tone?: (step: Step) => string | undefined;
  /** A row's content. */
  children: (step: Step) => ReactNode;
}) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (current < 0 || current >= steps.length) return;
    list.current
      ?.querySelector('[aria-current="step"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current, steps]);
  return (
    <ScrollingList as="ol" ref={list} label={label} focusable maxH={{ base: '240px', lg: '280px' }}>
      {steps.map((step, position) => (
        <Box
          as="li"
          key={step.index}
          px={3}
          py={1.5}
          cursor="pointer"
          bg={position === current ? 'teal.subtle' : tone?.(step)}
          borderBottomWidth="1px"
          onClick={() => onSelect(position)}
          aria-current={position === current ? 'step' : undefined}
        >
          {children(step)}
        </Box>
      ))}
    </ScrollingList>
  );
}
