import { Container, Tabs, useBreakpointValue } from '@chakra-ui/react';
import { PageHeading, PageTitle } from '../../ui/PageTitle';
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
  // A slot recipe's variant does not take a responsive value: the breakpoint picks it.
  const phone = useBreakpointValue({ base: true, md: false }) ?? false;
  return (
    <Container maxW="full" px={0}>
      <PageTitle title="User Settings" />
      <PageHeading>User Settings</PageHeading>
      {/*
        On a phone the four tabs do not fit in a row: they sit in a 2×2 grid of pills (the enclosed style),
        each wholly in view and a full touch target; from `md` up, the line of tabs.
      */}
      <Tabs.Root
        recipe={tabsRecipe}
        defaultValue="profile"
        variant={phone ? 'enclosed' : 'line'}
        colorPalette="teal"
        lazyMount
        unmountOnExit
      >
        <Tabs.List
          display={{ base: 'grid', md: 'flex' }}
          gridTemplateColumns="repeat(2, minmax(0, 1fr))"
          w={{ base: 'full', md: 'auto' }}
        >
          {shown.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              flexShrink={0}
              justifyContent="center"
              minH={{ base: '11', md: 'auto' }}
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
