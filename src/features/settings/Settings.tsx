import { Container, Heading, Tabs } from '@chakra-ui/react';
import { PageTitle } from '../../ui/PageTitle';
import { tabsRecipe } from '../../ui/recipes';
import { useCurrentUser } from '../account/currentUser';
import { Appearance } from './Appearance';
import { ChangePassword } from './ChangePassword';
import { DeleteAccount } from './DeleteAccount';
import { UserInformation } from './UserInformation';

const tabs = [
  { value: 'profile', title: 'My profile', Component: UserInformation },
  { value: 'password', title: 'Password', Component: ChangePassword },
  { value: 'appearance', title: 'Appearance', Component: Appearance },
  { value: 'danger-zone', title: 'Danger zone', Component: DeleteAccount },
];

/** User Settings: a superuser sees only the first three tabs (no Danger zone). */
export function Settings() {
  const user = useCurrentUser();
  const shown = user?.is_superuser ? tabs.slice(0, 3) : tabs;
  return (
    <Container maxW="full" px={0}>
      <PageTitle title="User Settings" />
      <Heading as="h1" size="lg" textAlign={{ base: 'center', md: 'left' }} pt={4} pb={6}>
        User Settings
      </Heading>
      <Tabs.Root
        recipe={tabsRecipe}
        defaultValue="profile"
        variant="line"
        colorPalette="teal"
        lazyMount
        unmountOnExit
      >
        <Tabs.List overflowX="auto">
          {shown.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              flexShrink={0}
              css={{ '--indicator-color': 'colors.ui.main' }}
            >
              {tab.title}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {shown.map(({ value, Component }) => (
          <Tabs.Content key={value} value={value}>
            <Component />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Container>
  );
}
