import { Button, Flex, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { PageTitle } from './PageTitle';

/** Any unknown path: 'Oops!', 'Page not found.' and a Go back button to /. */
export function NotFound() {
  return (
    <Flex
      as="main"
      height="100vh"
      alignItems="center"
      justifyContent="center"
      flexDir="column"
      p={4}
      data-testid="not-found"
    >
      <PageTitle title="Page not found" />
      <Text fontSize={{ base: '6xl', md: '8xl' }} fontWeight="bold" lineHeight="1" color="teal.fg" mb={4}>
        404
      </Text>
      <Text as="h1" fontSize="md" fontWeight="bold">
        Oops!
      </Text>
      <Text fontSize="md">Page not found.</Text>
      <Button asChild variant="outline" colorPalette="teal" mt={4}>
        <Link to="/">Go back</Link>
      </Button>
    </Flex>
  );
}
