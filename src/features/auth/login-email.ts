import { useLocation } from '@tanstack/react-router';

/**
 * The e-mail address that signup and a password reset hand to /login in the history entry's state (not in
 * the URL): the login form starts with it filled in.
 */
declare module '@tanstack/history' {
  interface HistoryState {
    loginEmail?: string;
  }
}

/** The address handed to /login, if any. */
export function useLoginEmail(): string | undefined {
  return useLocation({ select: (location) => location.state.loginEmail });
}
