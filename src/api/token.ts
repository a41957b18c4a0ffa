export const TOKEN_KEY = 'access_token';
/** The BroadcastChannel on which the tabs of a browser tell each other of token changes. */
export const TABS_CHANNEL = 'session.tabs';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The stored access token, or '' when there is none. */
export function getToken(): string {
  return storage()?.getItem(TOKEN_KEY) ?? '';
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  storage()?.removeItem(TOKEN_KEY);
}

/** Authenticated means an access token exists in local storage. */
export function isLoggedIn(): boolean {
  return getToken() !== '';
}
