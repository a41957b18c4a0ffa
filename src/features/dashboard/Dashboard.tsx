import { Box, Container, Text } from '@chakra-ui/react';
import { WaveIcon } from '../../ui/icons';
import { PageHeading, PageTitle } from '../../ui/PageTitle';
import { ConfirmEmailNotice } from '../account/ConfirmEmailNotice';
import { useCurrentUser } from '../account/currentUser';

export function Dashboard() {
  const user = useCurrentUser();
  return (
    <Container maxW="full" px={0}>
      <PageTitle title="Dashboard" />
      <Box>
        <PageHeading pb={1} overflowWrap="anywhere">
          Hi, {user?.full_name || user?.email}{' '}
          {/* A drawn hand, not the template's 👋🏼: without a colour-emoji font (most Linux desktops) the
              emoji and its skin-tone modifier render as two empty boxes. */}
          <Box as="span" display="inline-block" color="teal.fg" transform="rotate(-20deg)" aria-hidden="true">
            <WaveIcon />
          </Box>
        </PageHeading>
        <Text color="fg.muted" pb={2}>
          Welcome back, nice to see you again!
        </Text>
      </Box>
      <ConfirmEmailNotice />
    </Container>
  );
}
