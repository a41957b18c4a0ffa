import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useSyncExternalStore } from 'react';
import { errorMessage } from '../../api/errors';
import { PageSpinner } from '../../ui/fallbacks';
import { useAppActors } from '../app/context';
import { ensureQueryClient } from '../app/query';
import { MobileNav, Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';

function onConnectionChange(notify: () => void) {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/** While the browser is offline: a save fails (its dialog keeps the values); lists refresh once back. */
function OfflineBanner() {
  const online = useSyncExternalStore(onConnectionChange, () => navigator.onLine);
  if (online) return null;
  return (
    <Box
      role="status"
      bg="orange.subtle"
      color="orange.fg"
      rounded="md"
      px={4}
      py={2}
      mt={{ base: 0, md: 3 }}
      mb={2}
    >
      You are offline. Nothing can be saved until the connection is back.
    </Box>
  );
}

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
  // The toasts' chunk loads with the first toast: fetch it now, so a save failed offline can say so.
  useEffect(() => void import('../../ui/toaster-view'), []);
  const phase = useSelector(session, (snapshot) => {
    if (snapshot.matches({ signedIn: 'ready' })) return 'ready';
    if (snapshot.matches({ signedIn: 'failed' })) return 'failed';
    if (snapshot.matches('signedOut')) return 'signedOut';
    return 'loading';
  });
  // The layout is entered only with a stored token; other tabs' changes reach the session (app/tabs.ts).
  const error = useSelector(session, (snapshot) => snapshot.context.error);

  if (phase === 'loading' || phase === 'signedOut') {
    return <PageSpinner />;
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
      <Box flex="1" minW={0} position="relative">
        {/* On a phone, one bar that stays at the top with the page scrolling beneath it: the menu
            button and the user menu. From md up the sidebar is the bar: the user menu sits on the page
            heading's line at the content's right edge (the 40 px avatar centred on the heading's first
            line, 16 px down and 32 px tall), and the heading keeps clear of it. */}
        <Flex
          as="header"
          justify="space-between"
          align="center"
          px={4}
          py={2}
          pt={{ md: 3 }}
          pe={{ md: 8 }}
          position={{ base: 'sticky', md: 'absolute' }}
          top={0}
          insetInlineEnd={0}
          w={{ base: 'full', md: 'auto' }}
          bg={{ base: 'bg', md: 'transparent' }}
          borderBottomWidth={{ base: '1px', md: 0 }}
          mb={{ base: 3, md: 0 }}
          zIndex="docked"
        >
          <MobileNav />
          <UserMenu />
        </Flex>
        <Box as="main" px={{ base: 4, md: 8 }} pb={8} css={{ '& h1': { pe: { md: '14' } } }}>
          <OfflineBanner />
          <Outlet />
        </Box>
      </Box>
    </Flex>
  );
}
