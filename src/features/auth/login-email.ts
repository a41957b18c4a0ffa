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

/**
 * The address a reset token was issued for (its `sub` claim), read without checking the signature: it
 * only fills in the login form after the reset, the server checks the token itself.
 */
export function resetTokenEmail(token: string): string | undefined {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub.includes('@') ? sub : undefined;
  } catch {
    return undefined;
  }
}
