import { Box, Container, Text } from '@chakra-ui/react';
import { PageTitle } from '../../ui/PageTitle';
import { ConfirmEmailNotice } from '../account/ConfirmEmailNotice';
import { useCurrentUser } from '../account/currentUser';

export function Dashboard() {
  const user = useCurrentUser();
  return (
    <Container maxW="full" px={0}>
      <PageTitle title="Dashboard" />
      <Box pt={4}>
        <Text as="h1" fontSize="2xl" fontWeight="bold">
          Hi, {user?.full_name || user?.email} 👋🏼
        </Text>
        <Text>Welcome back, nice to see you again!</Text>
      </Box>
      <ConfirmEmailNotice />
    </Container>
  );
}
