import { Flex, Spinner } from '@chakra-ui/react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

// The error and not-found screens load when needed (/login's budget has no room for them), each in its own Suspense.
const ErrorScreen = lazy(() =>
  import('./ErrorFallback').then(({ ErrorFallback }) => ({ default: ErrorFallback })),
);
const NotFoundScreen = lazy(() => import('./NotFound').then(({ NotFound }) => ({ default: NotFound })));

export function ErrorFallback(props: ErrorComponentProps) {
  return (
    <Suspense fallback={null}>
      <ErrorScreen {...props} />
    </Suspense>
  );
}

export function NotFound() {
  return (
    <Suspense fallback={null}>
      <NotFoundScreen />
    </Suspense>
  );
}

/** The whole page while the signed-in app loads: its code (the layout's pending screen) or the user. */
export function PageSpinner() {
  return (
    <Flex justify="center" align="center" h="100vh" w="full">
      <Spinner size="xl" color="ui.main" aria-label="Loading" />
    </Flex>
  );
}
