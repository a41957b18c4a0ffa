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
    if (snapshot.matches('signedOut')) return 'signedOut';
    return 'loading';
  });
  // The layout is entered only with a stored token (its beforeLoad, as /login's redirect); a token
  // another tab stored reaches the session as `session.otherTabSignedIn` (src/features/app/tabs.ts), one
  // it removed as `session.otherTabSignedOut`, which goes to /login.
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
      <Box flex="1" minW={0} position="relative">
        {/* On a phone, a bar above the page beside the menu button. From md up the sidebar is the
            bar: the user menu sits on the page heading's line at the content's right edge (the
            40 px avatar centred on the heading's first line, 16 px down and 32 px tall), and the
            heading keeps clear of it. */}
        <Flex
          justify="flex-end"
          p={4}
          pt={{ md: 3 }}
          pe={{ base: 4, md: 8 }}
          position={{ base: 'sticky', md: 'absolute' }}
          top={0}
          insetInlineEnd={0}
          zIndex="docked"
        >
          <UserMenu />
        </Flex>
        <Box as="main" px={{ base: 4, md: 8 }} pb={8} css={{ '& h1': { pe: { md: '14' } } }}>
          <Outlet />
        </Box>
      </Box>
    </Flex>
  );
}
