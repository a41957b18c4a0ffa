import { Box, Button, Flex, Spinner, Text } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { errorMessage } from '../../api/errors';
import { useAppActors } from '../app/context';
import { ensureQueryClient } from '../app/query';
import { MobileNav, Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';

/** The signed-in layout: spinner while the current user loads, then sidebar, user menu and page. */
export function AppLayout() {
  const { session, queryBox } = useAppActors();
  return (
    <QueryClientProvider client={ensureQueryClient(queryBox)}>
      <SignedInLayout session={session} />
    </QueryClientProvider>
  );
}

function SignedInLayout({ session }: { session: ReturnType<typeof useAppActors>['session'] }) {
  const phase = useSelector(session, (snapshot) => {
    if (snapshot.matches({ signedIn: 'ready' })) return 'ready';
    if (snapshot.matches({ signedIn: 'failed' })) return 'failed';
    return 'loading';
  });
  const error = useSelector(session, (snapshot) => snapshot.context.error);

  if (phase === 'loading') {
    return (
      <Flex justify="center" align="center" h="100vh" w="full">
        <Spinner size="xl" color="ui.main" aria-label="Loading" />
      </Flex>
    );
  }
  if (phase === 'failed') {
    return (
      <Flex justify="center" align="center" h="100vh" w="full" direction="column" gap={4} role="alert">
        <Text>{errorMessage(error)}</Text>
        <Button variant="outline" onClick={() => session.send({ type: 'session.retry' })}>
          Try again
        </Button>
      </Flex>
    );
  }
  return (
    <Flex maxW="100vw" minH="100vh" position="relative">
      <Sidebar />
      <MobileNav />
      <Box flex="1" minW={0}>
        <Flex justify="flex-end" p={4} position="sticky" top={0} zIndex="docked">
          <UserMenu />
        </Flex>
        <Box as="main" px={{ base: 4, md: 8 }} pb={8}>
          <Outlet />
        </Box>
      </Box>
    </Flex>
  );
}
