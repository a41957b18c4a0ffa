import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CURRENT_USER_KEY } from '../../api/queries';
import type { UserPublic } from '../../api/types';

function isUser(value: unknown): value is UserPublic {
  return typeof value === 'object' && value !== null && 'id' in value && 'email' in value;
}

/**
 * Puts a user returned by the API into the ['currentUser'] cache, so every screen (user menu, sidebar,
 * profile) shows it at once; without one, refetches the current user.
 */
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
