import { Portal, Text, Tooltip } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { tooltipRecipe } from '../../ui/recipes';

/** Whether an element's text runs past its box (its ellipsis shows), kept true to its size. */
function useCut<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [cut, setCut] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, cut] as const;
}

/** A value cut to one line at `maxW`; when cut, a tab stop whose tooltip shows the whole (a `title` is mouse-only). */
export function TruncatedText({
  text,
  maxW,
  muted,
}: {
  text: string;
  maxW: string;
  /** A placeholder (e.g. 'N/A') rather than a value. */
  muted?: boolean;
}) {
  const [ref, cut] = useCut<HTMLParagraphElement>();
  // One tree whether cut or not (the tooltip is disabled when not), so the measured element stays.
  return (
    <Tooltip.Root
      recipe={tooltipRecipe}
      disabled={!cut}
      openDelay={300}
      closeDelay={100}
      positioning={{ placement: 'top-start' }}
    >
      <Tooltip.Trigger asChild>
        <Text
          as="span"
          ref={ref}
          display="block"
          truncate
          maxW={maxW}
          color={muted ? 'fg.muted' : undefined}
          tabIndex={cut ? 0 : undefined}
          rounded="sm"
          focusVisibleRing="outside"
        >
          {text}
        </Text>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content whiteSpace="normal" overflowWrap="anywhere">
            {text}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
