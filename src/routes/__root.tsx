import { createRootRoute, Outlet } from '@tanstack/react-router';
import { ErrorFallback, NotFound } from '../ui/fallbacks';

export const Route = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFound,
  errorComponent: ErrorFallback,
});
