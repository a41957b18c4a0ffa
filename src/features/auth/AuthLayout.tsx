import { Container, Flex } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { focusFirstInvalid } from '../../ui/focus-error';
import { Logo } from '../../ui/Logo';

/** The centred column of the public screens; the whole column is the form (when there is one). */
export function AuthLayout({ onSubmit, children }: { onSubmit?: () => void; children: ReactNode }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit?.();
    focusFirstInvalid(event.currentTarget);
  };
  const logo = (
    <Flex justify="center" mb={2}>
      <Logo size="lg" />
    </Flex>
  );
  return (
    <Flex as="main" minH="100vh" align="center" justify="center" px={4} py={8}>
      <Container
        asChild
        // The same width on all four public screens, whatever their content: full up to 24rem.
        w="full"
        maxW="sm"
        display="flex"
        flexDir="column"
        alignItems="stretch"
        justifyContent="center"
        gap={4}
        px={0}
      >
        {onSubmit ? (
          <form onSubmit={submit} noValidate>
            {logo}
            {children}
          </form>
        ) : (
          <div>
            {logo}
            {children}
          </div>
        )}
      </Container>
    </Flex>
  );
}
