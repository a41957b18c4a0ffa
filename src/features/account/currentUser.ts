import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CURRENT_USER_KEY, currentUserQueryOptions } from '../../api/queries';
import type { UserPublic } from '../../api/types';

/** The signed-in user from the ['currentUser'] query (loaded by the session machine). */
export function useCurrentUser(): UserPublic | undefined {
  return useQuery(currentUserQueryOptions()).data;
}

function isUser(value: unknown): value is UserPublic {
  return typeof value === 'object' && value !== null && 'id' in value && 'email' in value;
}

/** Puts a user returned by the API into the ['currentUser'] cache (without one, refetches it). */
export function useStoreCurrentUser(): (user: unknown) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: unknown) => {
      if (isUser(user)) queryClient.setQueryData(CURRENT_USER_KEY, user);
      else void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
    [queryClient],
  );
}
