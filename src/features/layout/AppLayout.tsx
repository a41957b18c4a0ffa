import { Box, Button, Flex, Spinner, Text } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { errorMessage } from '../../api/errors';
import { getToken } from '../../api/token';
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
    if (snapshot.matches('signedOut')) return 'signedOut';
    return 'loading';
  });
  // The layout is entered only with a stored token (its beforeLoad, as /login's redirect). A session
  // that ended in this tab removed its token; one that is signed out while a token is stored was signed
  // in by another tab: it takes that token up instead of spinning forever.
  useEffect(() => {
    const token = getToken();
    if (phase === 'signedOut' && token) session.send({ type: 'session.login', token });
  }, [phase, session]);
  const error = useSelector(session, (snapshot) => snapshot.context.error);

  if (phase === 'loading' || phase === 'signedOut') {
    return (
      <Flex justify="center" align="center" h="100vh" w="full">
        <Spinner size="xl" color="ui.main" aria-label="Loading" />
      </Flex>
    );
  }
  if (phase === 'failed') {
    // 'Inactive user' stays so until an admin acts, and /login sends a stored token back here: the way
    // out is to log out.
    return (
      <Flex justify="center" align="center" h="100vh" w="full" direction="column" gap={4} role="alert">
        <Text>{errorMessage(error)}</Text>
        <Flex gap={3}>
          <Button variant="outline" onClick={() => session.send({ type: 'session.retry' })}>
            Try again
          </Button>
          <Button variant="ghost" onClick={() => session.send({ type: 'session.logout' })}>
            Log out
          </Button>
        </Flex>
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
