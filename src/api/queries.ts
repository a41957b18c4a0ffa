import { queryOptions } from '@tanstack/react-query';
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
export function itemsQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['items', { page }] as const,
    queryFn: () => readItems(page),
  });
}

export function usersQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['users', { page }] as const,
    queryFn: () => readUsers(page),
  });
}
