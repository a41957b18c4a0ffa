import { Box, Text } from '@chakra-ui/react';

/** Longer than this, a value opens folded: a whole items page is one click away, not a wall of text. */
const FOLD_AT = 160;

/** A context or payload: on one line when short; longer, folded under its first characters. */
export function Json({ label, value }: { label?: string; value: unknown }) {
  const compact = JSON.stringify(value) ?? 'undefined';
  const prefix = label ? `${label}: ` : '';
  const pre = {
    as: 'pre',
    fontSize: 'xs',
    fontFamily: 'mono',
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-word',
  } as const;
  if (compact.length <= FOLD_AT)
    return (
      <Text {...pre} color="fg.muted">
        {prefix}
        {compact}
      </Text>
    );
  const size = Array.isArray(value) ? `${value.length} items` : `${Object.keys(value as object).length} keys`;
  return (
    <Box asChild fontSize="xs" minW={0}>
      <details>
        <Box as="summary" cursor="pointer" color="fg.muted" fontFamily="mono" wordBreak="break-word">
          {prefix}({size}) {compact.slice(0, FOLD_AT)}…
        </Box>
        <Text {...pre} maxH="280px" overflowY="auto">
          {JSON.stringify(value, null, 2)}
        </Text>
      </details>
    </Box>
  );
}
