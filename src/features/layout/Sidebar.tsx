import { Box, CloseButton, Drawer, Flex, IconButton, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LogOutIcon, MenuIcon } from '../../ui/icons';
import { Logo } from '../../ui/Logo';
import { drawerRecipe } from '../../ui/recipes';
import { useCurrentUser } from '../account/currentUser';
import { UserAvatar } from '../account/UserAvatar';
import { useSessionActor } from '../app/context';
import { SIDEBAR_ROW, SidebarItems } from './SidebarItems';

function LoggedInAs() {
  const user = useCurrentUser();
  if (!user?.email) return null;
  return (
    <Flex align="center" gap={2} p={2}>
      <UserAvatar user={user} boxSize="8" fontSize="xs" />
      {/* The whole e-mail on lines of its own, each filled, however long: not broken at each hyphen
          (one text node: 'Logged in as: …' is found as one text). */}
      <Text fontSize="sm" color="fg.muted" minW={0} whiteSpace="pre-line" wordBreak="break-all">
        {`Logged in as:\n${user.email}`}
      </Text>
    </Flex>
  );
}

/** The mobile drawer menu (below md). */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const session = useSessionActor();
  return (
    <Drawer.Root
      recipe={drawerRecipe}
      placement="start"
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
    >
      <Drawer.Trigger asChild>
        <IconButton variant="ghost" aria-label="Open Menu" display={{ base: 'flex', md: 'none' }}>
          <MenuIcon />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="280px">
            <Drawer.Header>
              <Drawer.Title>
                <Logo />
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Flex flexDir="column" justify="space-between" h="full">
                <Box as="nav" aria-label="Main">
                  <SidebarItems onNavigate={() => setOpen(false)} />
                  {/* On the pages' grid (the same start border, weight and height), below a divider. */}
                  <Box borderTopWidth="1px" mt={2} pt={2}>
                    <Flex
                      as="button"
                      onClick={() => session.send({ type: 'session.logout' })}
                      {...SIDEBAR_ROW}
                      w="full"
                      borderRadius="md"
                      borderInlineStartWidth="3px"
                      borderInlineStartColor="transparent"
                      color="red.fg"
                      _hover={{ bg: 'bg.muted' }}
                      focusVisibleRing="outside"
                    >
                      <LogOutIcon aria-hidden="true" />
                      <Text as="span">Log out</Text>
                    </Flex>
                  </Box>
                </Box>
                <LoggedInAs />
              </Flex>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/** The desktop sidebar (md and up). */
export function Sidebar() {
  return (
    <Box
      as="aside"
      display={{ base: 'none', md: 'flex' }}
      position="sticky"
      top={0}
      h="100vh"
      p={3}
      bg="bg.subtle"
      borderRightWidth="1px"
      flexShrink={0}
    >
      <Flex flexDir="column" justify="space-between" w="220px">
        <Box>
          <Box px={4} py={6}>
            <Logo />
          </Box>
          <Box as="nav" aria-label="Main">
            <SidebarItems />
          </Box>
        </Box>
        <LoggedInAs />
      </Flex>
    </Box>
  );
}
