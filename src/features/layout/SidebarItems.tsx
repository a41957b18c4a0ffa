import { Box, Flex, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ComponentType, SVGProps } from 'react';
import { HomeIcon, ItemsIcon, SettingsIcon, UsersIcon } from '../../ui/icons';
import { useCurrentUser } from '../account/currentUser';

interface NavItem {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  path: '/' | '/items' | '/settings' | '/admin';
}

const items: NavItem[] = [
  { icon: HomeIcon, title: 'Dashboard', path: '/' },
  { icon: SettingsIcon, title: 'User Settings', path: '/settings' },
  { icon: ItemsIcon, title: 'Items', path: '/items' },
];
const adminItem: NavItem = { icon: UsersIcon, title: 'Admin', path: '/admin' };

/** A row of the sidebar (a page's link, Log out in the mobile menu): icon and text, aligned alike. */
export const SIDEBAR_ROW = {
  gap: 4,
  px: 4,
  py: 2,
  minH: '11',
  alignItems: 'center',
  fontSize: 'sm',
} as const;

/** Navigation: Dashboard, User Settings, Items, and Admin for superusers only. */
export function SidebarItems({ onNavigate }: { onNavigate?: () => void }) {
  const user = useCurrentUser();
  const entries = user?.is_superuser ? [...items, adminItem] : items;
  return (
    <Box as="ul" listStyleType="none" m={0} p={0}>
      {entries.map(({ icon: IconComponent, title, path }) => (
        <Box as="li" key={title}>
          {/* The link takes focus: it gets the app's teal focus ring, not the browser's default. */}
          <Box asChild display="block" rounded="md" focusVisibleRing="outside">
            <Link to={path} onClick={onNavigate} activeOptions={{ exact: path === '/' }}>
              {({ isActive }) => (
                <Flex
                  {...SIDEBAR_ROW}
                  borderRadius="md"
                  color={isActive ? 'teal.fg' : 'fg'}
                  bg={isActive ? 'teal.subtle' : undefined}
                  borderInlineStartWidth="3px"
                  borderInlineStartColor={isActive ? 'ui.main' : 'transparent'}
                  fontWeight={isActive ? 'bold' : 'normal'}
                  // The current page keeps its tint under the pointer (a darker tint would cost the text its contrast).
                  _hover={{ bg: isActive ? 'teal.subtle' : 'bg.muted' }}
                >
                  <IconComponent />
                  <Text as="span">{title}</Text>
                </Flex>
              )}
            </Link>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
