import { Box, Flex, Text } from '@chakra-ui/react';

/** The product mark: a teal tile with a white bolt and the name, both in the main colour's AA shade. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const tile = size === 'lg' ? '40px' : '28px';
  return (
    <Flex align="center" gap={2} aria-label="Full Stack Project" role="img">
      <Box as="span" boxSize={tile} flexShrink={0} color="teal.solid">
        <svg viewBox="0 0 32 32" width="100%" height="100%" aria-hidden="true">
          <rect width="32" height="32" rx="8" fill="currentColor" />
          <path d="M18 5 9 18h6l-2 9 10-14h-6z" fill="#fff" />
        </svg>
      </Box>
      <Text
        as="span"
        fontWeight="bold"
        fontSize={size === 'lg' ? '2xl' : 'lg'}
        color="teal.fg"
        aria-hidden="true"
      >
        Full Stack
      </Text>
    </Flex>
  );
}
