import { queryOptions } from '@tanstack/react-query';
import type { PageRequest } from './paging';
import { readItems, readUserMe, readUsers } from './services';
import { isLoggedIn } from './token';

export const CURRENT_USER_KEY = ['currentUser'] as const;

/** The signed-in user; runs only when a token is stored. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: readUserMe,
    enabled: isLoggedIn(),
    retry: false,
  });
}

/** One page of a list; the paging machine keeps the last page on screen while another loads. */
export function itemsQueryOptions({ page, pageSize }: PageRequest) {
  return queryOptions({
    queryKey: ['items', { page, pageSize }] as const,
    queryFn: () => readItems({ page, pageSize }),
  });
}

export function usersQueryOptions({ page, pageSize }: PageRequest) {
  return queryOptions({
    queryKey: ['users', { page, pageSize }] as const,
    queryFn: () => readUsers({ page, pageSize }),
  });
}
