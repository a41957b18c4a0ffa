import { createRootRoute, Outlet } from '@tanstack/react-router';
import { ErrorFallback } from '../ui/ErrorFallback';
import { NotFound } from '../ui/NotFound';

export const Route = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFound,
  errorComponent: ErrorFallback,
});
