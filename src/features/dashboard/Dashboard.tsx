import { Box, Container, Text } from '@chakra-ui/react';
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
          Hi, {user?.full_name || user?.email} 👋🏼
        </PageHeading>
        <Text color="fg.muted" pb={2}>
          Welcome back, nice to see you again!
        </Text>
      </Box>
      <ConfirmEmailNotice />
    </Container>
  );
}
