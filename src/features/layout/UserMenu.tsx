import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { LogOutIcon, UserIcon } from '../../ui/icons';
import { menuRecipe } from '../../ui/recipes';
import { MenuAvatar } from '../account/UserAvatar';
import { useSessionActor } from '../app/context';

/** The top-right user menu: My profile (settings) and Log out. */
export function UserMenu() {
  const session = useSessionActor();
  const navigate = useNavigate();
  return (
    <Menu.Root
      recipe={menuRecipe}
      positioning={{ placement: 'bottom-end' }}
      onSelect={(details) => {
        if (details.value === 'profile') void navigate({ to: '/settings' });
        if (details.value === 'logout') session.send({ type: 'session.logout' });
      }}
    >
      <Menu.Trigger asChild>
        <IconButton
          aria-label="Open user menu"
          data-testid="user-menu"
          colorPalette="teal"
          variant="solid"
          rounded="full"
          size="md"
          overflow="hidden"
        >
          <MenuAvatar />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="160px">
            <Menu.Item value="profile">
              <UserIcon aria-hidden="true" />
              My profile
            </Menu.Item>
            <Menu.Item value="logout" color="red.fg">
              <LogOutIcon aria-hidden="true" />
              Log out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
