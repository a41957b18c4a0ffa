import { createActor, fromCallback, fromPromise } from 'xstate';
import { onSessionRefusal } from '../../api/refusal';
import { clearToken, getToken, setToken, TABS_CHANNEL, TOKEN_KEY } from '../../api/token';
import { appearanceMachine, COLOR_MODE_KEY, type ColorMode } from '../../machines/appearance';
import { type SessionEvent, sessionMachine } from '../../machines/session';
import { inspect } from './inspect';
import type { QueryClientBox } from './query';

/** The long-lived actors of the app (session and appearance) with their side effects injected. */

/** GET /users/me into the cache (a call already under way is shared, not repeated). */
async function fetchCurrentUser(queryBox: QueryClientBox): Promise<unknown> {
  const [{ ensureQueryClient }, { currentUserQueryOptions }] = await Promise.all([
    import('./query'),
    import('../../api/queries'),
  ]);
  return ensureQueryClient(queryBox).fetchQuery(currentUserQueryOptions());
}

/**
 * "Log out" also revokes the token on the server, best-effort: fire and forget, so the local sign-out
 * neither waits for the call nor fails with it (the token is taken before it leaves storage).
 */
function revokeOnServer(token: string): void {
  if (!token) return;
  void import('../../api/services').then(({ revokeToken }) => revokeToken(token)).catch(() => {});
}

export interface SessionNavigation {
  /** Go to /login. */
  goToLogin: () => void;
  /** Check the current route's guards again (the public screens send a signed-in tab to /). */
  revisitRoute: () => void;
}

/**
 * The tabs' watcher (./tabs.ts: the channel with its re-checks, and the announcements) loads with this
 * tab's first token: /login's JavaScript budget has no room for it, and a signed-out tab only needs
 * to hear of a log-in elsewhere. Until then this light watcher reports what storage holds whenever
 * another tab posts on the channel or the token's storage changes.
 */
const loadTabs = () => import('./tabs');

function watchLightly(self: string, report: (token: string) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) report(getToken());
  };
  addEventListener('storage', onStorage);
  const channel = new BroadcastChannel(TABS_CHANNEL);
  channel.onmessage = ({ data }: MessageEvent<{ from?: string }>) => {
    if (data?.from !== self) report(getToken());
  };
  return () => {
    removeEventListener('storage', onStorage);
    channel.close();
  };
}

export function createSessionActor(queryBox: QueryClientBox, navigation: SessionNavigation) {
  // This tab, among the browser's tabs that share the stored token.
  const tab = `tab-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const announce = (token: string) => void loadTabs().then(({ announceToken }) => announceToken(tab, token));
  // Set by the watcher: this tab now holds a token, so the full watcher loads.
  let tokenHeld = () => {};
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        loadCurrentUser: fromPromise<unknown, void>(() => fetchCurrentUser(queryBox)),
        watchOtherTabs: fromCallback<SessionEvent>(({ sendBack }) => {
          const changed = (token: string) =>
            sendBack(
              token ? { type: 'session.otherTabSignedIn', token } : { type: 'session.otherTabSignedOut' },
            );
          let stopLight: (() => void) | undefined;
          let stop: (() => void) | undefined;
          let loading = false;
          let stopped = false;
          const watchFully = () => {
            if (loading || stopped) return;
            loading = true;
            void loadTabs().then(({ watchOtherTabs }) => {
              if (stopped) return;
              stopLight?.();
              stop = watchOtherTabs(tab, changed);
            });
          };
          stopLight = watchLightly(tab, (token) => {
            changed(token);
            if (token) watchFully();
          });
          tokenHeld = watchFully;
          if (getToken()) watchFully();
          return () => {
            stopped = true;
            stopLight?.();
            stop?.();
          };
        }),
      },
      actions: {
        storeToken: (_, params) => {
          setToken(params.token);
          announce(params.token);
          tokenHeld();
        },
        removeToken: ({ event }) => {
          // Only the user's own "Log out": an ended session's token is refused already.
          if (event.type === 'session.logout') revokeOnServer(getToken());
          clearToken();
          announce('');
        },
        clearCache: () => queryBox.client?.removeQueries(),
        goToLogin: () => navigation.goToLogin(),
        revisitRoute: () => navigation.revisitRoute(),
        // Its refusal reaches the session through the client (onSessionRefusal below); any other
        // failure says nothing about the user being gone.
        confirmCurrentUser: () => void fetchCurrentUser(queryBox).catch(() => {}),
      },
    }),
    { input: { token: getToken() }, inspect },
  );
  onSessionRefusal((refusal) =>
    actor.send({ type: refusal === 'ends' ? 'session.expired' : 'session.userNotFound' }),
  );
  return actor;
}

export type SessionActor = ReturnType<typeof createSessionActor>;

function prefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

/** Sets `dark`/`light` on <html> and its color-scheme, as public/color-mode.js does before paint. */
export function applyColorMode(mode: ColorMode): void {
  if (typeof document === 'undefined') return;
  const resolved = mode === 'system' ? (prefersDark() ? 'dark' : 'light') : mode;
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(resolved);
  root.style.colorScheme = resolved;
}

function readStoredMode(): string | null {
  try {
    return localStorage.getItem(COLOR_MODE_KEY);
  } catch {
    return null;
  }
}

export function createAppearanceActor() {
  return createActor(
    appearanceMachine.provide({
      actors: {
        watchSystem: fromCallback(({ sendBack }) => {
          if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
          const query = window.matchMedia('(prefers-color-scheme: dark)');
          const listener = () => sendBack({ type: 'appearance.systemChanged' });
          query.addEventListener('change', listener);
          return () => query.removeEventListener('change', listener);
        }),
      },
      actions: {
        apply: (_, params) => applyColorMode(params.mode),
        persist: (_, params) => {
          try {
            localStorage.setItem(COLOR_MODE_KEY, params.mode);
          } catch {
            // storage unavailable: the choice lasts for this page only
          }
        },
      },
    }),
    { input: { stored: readStoredMode() }, inspect },
  );
}

export type AppearanceActor = ReturnType<typeof createAppearanceActor>;
