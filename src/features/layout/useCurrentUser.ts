import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../../api/queries';
import type { UserPublic } from '../../api/types';

/** The signed-in user from the ['currentUser'] query (loaded by the session machine). */
export function useCurrentUser(): UserPublic | undefined {
  return useQuery(currentUserQueryOptions()).data;
}
