import { Container, Flex } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { Logo } from '../../ui/Logo';

/** The centred column of the public screens; the whole column is the form. */
export function AuthLayout({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Flex as="main" minH="100vh" align="center" justify="center" px={4} py={8}>
      <Container
        asChild
        maxW="sm"
        display="flex"
        flexDir="column"
        alignItems="stretch"
        justifyContent="center"
        gap={4}
        px={0}
      >
        <form onSubmit={submit} noValidate>
          <Flex justify="center" mb={2}>
            <Logo size="lg" />
          </Flex>
          {children}
        </form>
      </Container>
    </Flex>
  );
}
