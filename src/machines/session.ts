import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { CURRENT_USER_PATH, errorEndsSession } from '../api/refusal';
import { implementing } from './requirements';

/**
 * The session: signed out, or signed in (loading the current user, ready, or failed to load). A refused
 * credential ends it; a 404 'User not found' asks for the current user again, since it may be another
 * record that is gone. Other tabs share the stored token: `watchOtherTabs` reports their log-ins and
 * log-outs, and this tab follows them.
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
        // Another tab removed the token: a newer one in storage is not this tab's to remove.
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
          // Asked for again (the screen stays): only a refusal of that call ends the session.
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
