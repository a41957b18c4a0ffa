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

/**
 * One page of a list; the paging machine keeps the last page on screen while another loads. The query
 * hands its `signal` to the call: a page given up on (its time limit passed, Try again) is then cancelled
 * when its observer leaves, and asking again sends a new request instead of joining the unanswered one.
 */
export function itemsQueryOptions({ page, pageSize }: PageRequest) {
  return queryOptions({
    queryKey: ['items', { page, pageSize }] as const,
    queryFn: ({ signal }) => readItems({ page, pageSize }, signal),
  });
}

export function usersQueryOptions({ page, pageSize }: PageRequest) {
  return queryOptions({
    queryKey: ['users', { page, pageSize }] as const,
    queryFn: ({ signal }) => readUsers({ page, pageSize }, signal),
  });
}
