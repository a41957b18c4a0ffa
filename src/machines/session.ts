import { assign, fromPromise, setup } from 'xstate';
import { CURRENT_USER_PATH, errorEndsSession } from '../api/refusal';

/**
 * The session: signed out, or signed in (loading the current user, ready, or failed to load).
 * Storage, the current-user fetch, cache clearing and navigation are injected with `provide`.
 * A refused credential (src/api/refusal.ts: from any call, reported as `session.expired`, or from
 * loading the current user) ends the session cleanly; any other failure to load shows 'Try again'
 * (and 'Log out'). A call answered 404 'User not found' (`session.userNotFound`) may mean the signed-in
 * user was deleted or only that another user's record is gone: while ready, the current user is asked
 * for again (`confirmCurrentUser`, the screen stays) and only a refusal of that call ends the session.
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
  | { type: 'session.retry' };

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
  },
  actions: {
    setToken: assign({ token: ({ event }) => (event.type === 'session.login' ? event.token : '') }),
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
    /** Injected: load the current user again, through the client that reports its refusal. */
    confirmCurrentUser: () => {},
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    endsSession: ({ event }) => errorEndsSession((event as { error?: unknown }).error, CURRENT_USER_PATH),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ token: input?.token ?? '', error: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: {
        'session.login': {
          target: 'signedIn',
          actions: ['setToken', { type: 'storeToken', params: ({ event }) => ({ token: event.token }) }],
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
        },
        'session.logout': {
          target: 'signedOut',
          actions: ['forgetToken', 'removeToken', 'clearCache', 'goToLogin'],
        },
        'session.expired': {
          target: 'signedOut',
          actions: ['forgetToken', 'removeToken', 'clearCache', 'goToLogin'],
        },
      },
      states: {
        loading: {
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
