import { ChakraProvider } from '@chakra-ui/react';
import { createRouter, type RouterHistory, RouterProvider } from '@tanstack/react-router';
import { createAppearanceActor, createSessionActor } from './features/app/actors';
import { AppActorsProvider } from './features/app/context';
import type { QueryClientBox } from './features/app/query';
import { routeTree } from './routeTree.gen';
import { ErrorFallback, NotFound } from './ui/fallbacks';
import { getSystem } from './ui/system';
import { Toaster } from './ui/toaster';

const FIVE_MINUTES = 5 * 60 * 1000;

function buildRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    defaultPreload: 'intent',
    defaultPendingMs: 1000,
    defaultPendingMinMs: 500,
    defaultPreloadDelay: 50,
    defaultGcTime: FIVE_MINUTES,
    defaultErrorComponent: ErrorFallback,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof buildRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

/** Everything the SPA runs on: the query cache, the router and the session/appearance actors. */
export function createApp(options: { history?: RouterHistory } = {}) {
  const queryBox: QueryClientBox = {};
  const router = buildRouter(options.history);
  const session = createSessionActor(queryBox, {
    goToLogin: () => void router.navigate({ to: '/login' }),
    revisitRoute: () => void router.invalidate(),
  });
  const appearance = createAppearanceActor();
  session.start();
  appearance.start();
  return { queryBox, router, session, appearance };
}

export type AppInstance = ReturnType<typeof createApp>;

export function App({ app }: { app: AppInstance }) {
  return (
    <ChakraProvider value={getSystem()}>
      <AppActorsProvider value={{ session: app.session, appearance: app.appearance, queryBox: app.queryBox }}>
        <RouterProvider router={app.router} />
        <Toaster />
      </AppActorsProvider>
    </ChakraProvider>
  );
}
