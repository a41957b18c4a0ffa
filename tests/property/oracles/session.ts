import { apiRefusal, crashed, current, type Oracle, ran, type Step, sentType, type Trace } from './types';

/**
 * The session (spec §3 Session, §4, §7). Local storage is not read from the machine's context: it is
 * replayed from the effects the machine executed (`storeToken`, `removeToken`), and the other tabs'
 * changes the walk reported, over the stored token the walk started with.
 */

/** The token in local storage after `upTo` (inclusive), from the input and the executed effects. */
function storedToken(trace: Trace, upTo = trace.steps.length - 1): string {
  let token = (trace.input as { token?: string } | undefined)?.token ?? '';
  for (const step of trace.steps.slice(0, upTo + 1)) {
    // Another tab of the browser changed the shared storage: that is what these events report.
    if (step.event?.type === 'session.otherTabSignedIn') token = String(step.event.token ?? '');
    if (step.event?.type === 'session.otherTabSignedOut') token = '';
    for (const action of step.actions) {
      if (action.type === 'storeToken')
        token = (action.params as { token?: string } | undefined)?.token ?? '';
      if (action.type === 'removeToken') token = '';
    }
  }
  return token;
}

const signedIn = (step: Step) => step.snapshot.matches('signedIn');

/**
 * A refused credential, as issue 25 and spec §7 name it: 401, or 403 'Could not validate credentials'
 * (a bad, expired or revoked token), or 404 'User not found' from /users/me (the signed-in user is gone).
 */
function refusesCredential(error: unknown): boolean {
  const refusal = apiRefusal(error);
  if (!refusal) return false;
  return (
    refusal.status === 401 ||
    (refusal.status === 403 && refusal.detail === 'Could not validate credentials') ||
    (refusal.status === 404 && refusal.detail === 'User not found')
  );
}

/** The step resolved/rejected the current-user call that was still running. */
function settledLiveCall(step: Step) {
  const settled = step.settled;
  if (settled?.call.src !== 'loadCurrentUser' || settled.call.stopped) return undefined;
  return settled;
}

const endsClean = (step: Step, trace: Trace): string | undefined => {
  if (signedIn(step)) return `still signed in (${JSON.stringify(step.snapshot.value)})`;
  if (storedToken(trace) !== '') return 'the token is still in local storage';
  for (const effect of ['removeToken', 'clearCache', 'goToLogin']) {
    if (ran(step, effect).length === 0) return `no ${effect}`;
  }
  return undefined;
};

export const sessionOracles: Oracle[] = [
  crashed,
  {
    // §4: "Authenticated means an access token exists in local storage."
    id: 'session.signed-in-has-token',
    spec: '§4',
    requirements: ['R-FLOW-01'],
    check: (trace) => {
      const step = current(trace);
      if (signedIn(step) && storedToken(trace) === '') return 'signed in with no token in local storage';
      if (!signedIn(step) && step.snapshot.matches('signedOut') && storedToken(trace) !== '')
        return 'signed out while a token stays in local storage';
      return undefined;
    },
  },
  {
    // §4: "Login success stores the token and goes to /." (§3: "kept in browser local storage under
    // the name access_token")
    id: 'session.login-stores-token',
    spec: '§3, §4',
    requirements: ['R-FLOW-02', 'R-DATA-09'],
    check: (trace) => {
      const step = current(trace);
      if (sentType(step) !== 'session.login') return undefined;
      const token = (step.event as unknown as { token?: string }).token;
      if (!signedIn(step)) return 'a login did not sign in';
      return storedToken(trace) === token
        ? undefined
        : `stored ${JSON.stringify(storedToken(trace))}, not the login's token`;
    },
  },
  {
    // §4: "Logout removes the token and goes to /login." §3: "Cached current user entry is named
    // 'currentUser'" — the cache goes with the session.
    id: 'session.logout-ends-clean',
    spec: '§4',
    requirements: ['R-FLOW-03'],
    check: (trace) => {
      const step = current(trace);
      if (sentType(step) !== 'session.logout' || !step.before?.matches('signedIn')) return undefined;
      return endsClean(step, trace);
    },
  },
  {
    // Issue 25 on §4/§7: "a refused credential always ends in /login with the cache empty" — reported by
    // any call (session.expired) or answered to the current-user query.
    id: 'session.refused-credential-ends-clean',
    spec: '§4, §7',
    requirements: ['R-FLOW-01', 'R-FLOW-03'],
    check: (trace) => {
      const step = current(trace);
      const settled = settledLiveCall(step);
      const refused =
        (sentType(step) === 'session.expired' && step.before?.matches('signedIn')) ||
        (settled?.kind === 'error' && refusesCredential(settled.value));
      return refused ? endsClean(step, trace) : undefined;
    },
  },
  {
    // §8: "Other failures: toast 'Error' with the message." — an ordinary failure of the current-user
    // query (not a refused credential) is reported; it does not sign the user out.
    id: 'session.ordinary-failure-keeps-session',
    spec: '§8',
    requirements: ['R-FLOW-01', 'R-ERR-04'],
    check: (trace) => {
      const step = current(trace);
      const settled = settledLiveCall(step);
      if (settled?.kind !== 'error' || refusesCredential(settled.value)) return undefined;
      if (!signedIn(step))
        return `an ordinary failure (${String(apiRefusal(settled.value)?.status ?? 'network')}) signed out`;
      return ran(step, 'removeToken').length > 0 ? 'an ordinary failure removed the token' : undefined;
    },
  },
  {
    // §7: "The current-user query runs only when a token exists." Temporal: after the session ends
    // (logout, refusal, or no stored token at start) no protected call is made until a login.
    id: 'session.no-protected-call-after-logout',
    spec: '§7',
    requirements: ['R-CALL-02'],
    check: (trace) => {
      const step = current(trace);
      const call = step.calls.find((started) => started.src === 'loadCurrentUser');
      if (!call) return undefined;
      if (storedToken(trace) === '') return 'the current user was asked for with no stored token';
      // A login here or in another tab of the browser (which shares the session).
      const isLogin = (type: string | undefined) =>
        type === 'session.login' || type === 'session.otherTabSignedIn';
      if (isLogin(sentType(step))) return undefined;
      // Since the last step that ended signed out, a login must have come before this call.
      for (let index = step.index - 1; index >= 0; index -= 1) {
        const earlier = trace.steps[index] as Step;
        if (isLogin(sentType(earlier)) && signedIn(earlier)) return undefined;
        if (earlier.snapshot.matches('signedOut'))
          return `a protected call (loadCurrentUser#${call.n}) after the session ended at step ${index}, without a login`;
      }
      return undefined;
    },
  },
];
