import {
  Box,
  Button,
  Flex,
  type FlexProps,
  Heading,
  Input,
  Stack,
  Text,
  type TextProps,
} from '@chakra-ui/react';
import { type ComponentProps, type ReactNode, type Ref, useEffect, useRef } from 'react';
import { pressedToggle } from './pressed';

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
export function ChoiceList<T = string>({
  label,
  items,
  id = (item) => item as string,
  text = id,
  selected,
  onSelect,
  maxH,
  focusable = false,
}: {
  label: string;
  items: readonly T[];
  /** An item's key (the item itself when it is a string). */
  id?: (item: T) => string;
  /** What a button says, when not the key. */
  text?: (item: T) => string;
  /** The key of the pressed item. */
  selected: string | null;
  onSelect: (item: T) => void;
  maxH?: string | Record<string, string>;
  /** A list whose buttons can all be filtered away stays reachable by keyboard. */
  focusable?: boolean;
}) {
  return (
    <ScrollingList label={label} maxH={maxH} focusable={focusable}>
      {items.map((item) => (
        <Box as="li" key={id(item)} borderBottomWidth="1px">
          <Button
            {...WRAPPING_BUTTON}
            width="full"
            py={1.5}
            // Solid, not subtle: teal text on the subtle teal background is 4.2:1, under AA's 4.5:1 (axe).
            variant={id(item) === selected ? 'solid' : 'ghost'}
            aria-pressed={id(item) === selected}
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
export function StepList<Step extends { index: number; label: string }>({
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
  /** A row's content under its `index. label`. */
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
          <Mono fontSize="sm" fontWeight="semibold">
            {step.index}. {step.label}
          </Mono>
          {children(step)}
        </Box>
      ))}
    </ScrollingList>
  );
}

/** On a phone the diagram sticks to the top at this height; what else sticks, sticks below it. */
export const PHONE_DIAGRAM_HEIGHT = '60vh';

/** A row of pressed toggles choosing one of `titles`' keys (the panel switch, the replay's source, the colour mode, the input). */
export function ToggleGroup<T extends string>({
  label,
  titles,
  value,
  onChange,
  idle,
  ...props
}: Omit<FlexProps, 'onChange'> & {
  label: string;
  titles: Record<T, string>;
  value: T | undefined;
  onChange: (value: T) => void;
  /** The variant of the buttons not pressed. */
  idle: 'ghost' | 'outline';
}) {
  return (
    <Flex gap={1} wrap="wrap" role="group" aria-label={label} {...props}>
      {(Object.keys(titles) as T[]).map((key) => (
        <Button
          key={key}
          size="xs"
          {...(key === value ? pressedToggle : { variant: idle })}
          aria-pressed={key === value}
          onClick={() => onChange(key)}
        >
          {titles[key]}
        </Button>
      ))}
    </Flex>
  );
}

/** The viewer's small grey notes. */
export function Hint(props: TextProps) {
  return <Text fontSize="xs" color="fg.muted" {...props} />;
}

/** Monospace text that wraps anywhere (ids, states, payloads). */
export function Mono(props: TextProps) {
  return <Text fontFamily="mono" wordBreak="break-word" {...props} />;
}

/** A list row's button: monospace text that wraps, left-aligned. */
export const WRAPPING_BUTTON = {
  size: 'xs',
  h: 'auto',
  justifyContent: 'flex-start',
  textAlign: 'start',
  whiteSpace: 'normal',
  wordBreak: 'break-word',
  fontFamily: 'mono',
  fontWeight: 'normal',
} as const;

/** A monospace text area (a pasted path, an edited payload). */
export function CodeArea(props: ComponentProps<'textarea'>) {
  return (
    <Input asChild size="sm" h="auto" py={2} fontFamily="mono">
      <textarea rows={4} {...props} />
    </Input>
  );
}

/** A small red note: a refusal, a difference from a recording. */
export function Warning(props: TextProps) {
  return <Text fontSize="xs" color="fg.error" {...props} />;
}

/** A panel's section heading. */
export function Subheading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h3" size="sm">
      {children}
    </Heading>
  );
}

/** A stepper's title and buttons over `count` steps (none: all disabled); `withLast` adds Last. */
export function Stepper({
  title,
  index,
  count,
  onStep,
  withLast = false,
  ...props
}: FlexProps & {
  title: string;
  index: number;
  count: number;
  onStep: (index: number) => void;
  withLast?: boolean;
}) {
  const atEnd = index >= count - 1;
  return (
    <Flex align="center" gap={2} wrap="wrap" {...props}>
      <Heading as="h3" size="sm" flex="1" minW={0} wordBreak="break-word">
        {title}
      </Heading>
      <Button size="xs" variant="outline" disabled={!count || index <= 0} onClick={() => onStep(index - 1)}>
        Previous
      </Button>
      <Button size="xs" disabled={atEnd} onClick={() => onStep(index + 1)}>
        Next
      </Button>
      {withLast ? (
        <Button size="xs" variant="outline" disabled={atEnd} onClick={() => onStep(count - 1)}>
          Last
        </Button>
      ) : null}
    </Flex>
  );
}
