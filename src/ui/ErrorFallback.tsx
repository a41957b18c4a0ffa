import { Box, Button, Code, Heading, Stack } from '@chakra-ui/react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';

/** The router's error fallback: 'Something went wrong!' with a Show Error / Hide Error toggle. */
export function ErrorFallback({ error }: ErrorComponentProps) {
  const [shown, setShown] = useState(false);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Box role="alert" p={4} maxW="xl">
      <Stack gap={2} align="flex-start">
        <Heading as="h1" size="md">
          Something went wrong!
        </Heading>
        <Button size="xs" variant="outline" onClick={() => setShown((value) => !value)}>
          {shown ? 'Hide Error' : 'Show Error'}
        </Button>
        {shown && (
          <Code colorPalette="red" p={2} whiteSpace="pre-wrap" display="block">
            {message}
          </Code>
        )}
      </Stack>
    </Box>
  );
}
