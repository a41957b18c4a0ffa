import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { CURRENT_USER_PATH, errorEndsSession } from '../api/refusal';
import { implementing } from './requirements';

/**
 * The session: signed out, or signed in (loading the current user, ready, or failed to load).
 * Storage, the current-user fetch, cache clearing and navigation are injected with `provide`.
 * A refused credential (src/api/refusal.ts: from any call, reported as `session.expired`, or from
 * loading the current user) ends the session cleanly; any other failure to load shows 'Try again'
 * (and 'Log out'). A call answered 404 'User not found' (`session.userNotFound`) may mean the signed-in
 * user was deleted or only that another user's record is gone: while ready, the current user is asked
 * for again (`confirmCurrentUser`, the screen stays) and only a refusal of that call ends the session.
 *
 * Other tabs of the browser share the stored token. While the session runs, `watchOtherTabs` (injected:
 * a BroadcastChannel, with the `storage` event as fallback) reports the stored token whenever another
 * tab changed it: none left (`session.otherTabSignedOut`: a log-out, a session that ended there, the
 * token cleared) ends this tab's session too, without touching storage; a token (`session.otherTabSignedIn`)
 * signs a signed-out tab in and sends it off the public screens, and replaces a different token of a
 * signed-in tab (the current user is loaded again, the cache dropped: it may be another user). Reports
 * that change nothing (the same token, signed out twice: both channels report one change) are ignored.
 */

export interface SessionContext {
  token: string;
  /** The last error while loading the current user. */
  error: unknown;
}

export type SessionEvent =
  | { type: 'session.login'; token: string }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  | { type: 'session.userNotFound' }
  | { type: 'session.retry' }
  | { type: 'session.otherTabSignedOut' }
  | { type: 'session.otherTabSignedIn'; token: string };

/** Chart: [docs/statecharts/session.md](../../docs/statecharts/session.md). */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { token?: string } | undefined,
  },
  actors: {
    /** Injected: load (and cache) the current user. */
    loadCurrentUser: fromPromise<unknown, void>(async () => {
      throw new Error('session: loadCurrentUser was not provided');
    }),
    /** Injected: report another tab's change of the stored token (runs as long as the session). */
    watchOtherTabs: fromCallback<SessionEvent>(() => () => {}),
  },
  actions: {
    setToken: assign({
      token: ({ event }) =>
        event.type === 'session.login' || event.type === 'session.otherTabSignedIn' ? event.token : '',
    }),
    forgetToken: assign({ token: '', error: null }),
    setError: assign({ error: ({ event }) => (event as { error?: unknown }).error ?? null }),
    /** Injected: write the token to localStorage. */
    storeToken: (_, _params: { token: string }) => {},
    /** Injected: remove the token from localStorage. */
    removeToken: () => {},
    /** Injected: drop cached server data (the current user and lists). */
    clearCache: () => {},
    /** Injected: go to /login. */
    goToLogin: () => {},
    /** Injected: check the current route again (a public screen sends a signed-in tab to /). */
    revisitRoute: () => {},
    /** Injected: load the current user again, through the client that reports its refusal. */
    confirmCurrentUser: () => {},
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    isAnotherToken: ({ context, event }) =>
      event.type === 'session.otherTabSignedIn' && event.token !== context.token,
    endsSession: ({ event }) => errorEndsSession((event as { error?: unknown }).error, CURRENT_USER_PATH),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ token: input?.token ?? '', error: null }),
  initial: 'checking',
  invoke: { id: 'watchOtherTabs', src: 'watchOtherTabs' },
  states: {
    checking: {
      always: [
        { guard: 'hasToken', target: 'signedIn', meta: implementing('R-FLOW-01') },
        { target: 'signedOut', meta: implementing('R-FLOW-01') },
      ],
    },
    signedOut: {
      on: {
        'session.login': {
          target: 'signedIn',
          actions: ['setToken', { type: 'storeToken', params: ({ event }) => ({ token: event.token }) }],
          meta: implementing('R-FLOW-02', 'R-DATA-09'),
        },
        // Another tab logged in: its token is already stored.
        'session.otherTabSignedIn': {
          target: 'signedIn',
          actions: ['setToken', 'revisitRoute'],
          meta: implementing('R-FLOW-01', 'R-ROLE-03', 'R-ROUTE-01'),
        },
      },
    },
    signedIn: {
      initial: 'loading',
      on: {
        'session.login': {
          target: 'signedIn',
          reenter: true,
          actions: ['setToken', { type: 'storeToken', params: ({ event }) => ({ token: event.token }) }],
          meta: implementing('R-FLOW-02', 'R-DATA-09'),
        },
        'session.logout': {
          target: 'signedOut',
          actions: ['forgetToken', 'removeToken', 'clearCache', 'goToLogin'],
          meta: implementing('R-FLOW-03'),
        },
        'session.expired': {
          target: 'signedOut',
          actions: ['forgetToken', 'removeToken', 'clearCache', 'goToLogin'],
        },
        // Another tab removed the token: it is gone from storage already (a newer one is not this tab's
        // to remove).
        'session.otherTabSignedOut': {
          target: 'signedOut',
          actions: ['forgetToken', 'clearCache', 'goToLogin'],
          meta: implementing('R-FLOW-01'),
        },
        'session.otherTabSignedIn': {
          guard: 'isAnotherToken',
          target: 'signedIn',
          reenter: true,
          actions: ['setToken', 'clearCache'],
          meta: implementing('R-FLOW-01'),
        },
      },
      states: {
        loading: {
          // The spinner shows while the current user loads, and only a signed-in session loads it.
          meta: implementing('R-ROUTE-08', 'R-CALL-02'),
          invoke: {
            id: 'loadCurrentUser',
            src: 'loadCurrentUser',
            onDone: { target: 'ready' },
            onError: [
              {
                guard: 'endsSession',
                target: '#session.signedOut',
                actions: ['forgetToken', 'removeToken', 'clearCache', 'goToLogin'],
              },
              { target: 'failed', actions: 'setError' },
            ],
          },
        },
        ready: {
          // The current user is asked for again (the screen stays); the client reports a refusal of that
          // call like any other (session.expired: src/api/client.ts), so only the user's absence ends it.
          on: { 'session.userNotFound': { actions: 'confirmCurrentUser' } },
        },
        failed: {
          on: { 'session.retry': { target: 'loading' } },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
