import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { clearToken, getToken, setToken, TOKEN_KEY } from '../../../src/api/token';
import { announceToken } from '../../../src/features/app/tabs';
import { modelByName } from '../../../src/qa/statecharts/models';
import { type ModelPath, stateLabel } from '../../../src/qa/statecharts/paths';
import { renderApp } from '../harness';
import { describeUiWalk, type StepInfo, type UiDriver, type Walk } from './runner';
import {
  type Account,
  adminToken,
  createAccount,
  deleteAccount,
  isOutcome,
  outcomeLabel,
  setActive,
  type User,
  user,
} from './support';

/**
 * The session through the whole SPA: log in on /login, the layout's spinner while the current user
 * loads, the signed-in layout ('Logged in as: …'), the failure screen with 'Try again', Log out in the
 * user menu, and a refused token ending the session. How the server is made to answer each outcome:
 * - success: an active account;
 * - 400 detail: the admin deactivated the account ('Inactive user');
 * - 404 user gone: the admin deleted the account ('User not found' on /users/me: the session ends);
 * - 403 credentials: the admin set a new password, which revokes the token ('Could not validate
 *   credentials': the session ends);
 * (A 401 ends it the same way, by the same edge; tests/machines/refusal.test.ts covers the rule.)
 * A refused credential on a call that carried the token ends the session through `session.expired`
 * first (src/api/client.ts); the machine's own guard reads the same rule (src/api/refusal.ts). Other
 * 403s and 404s cannot come from /users/me.
 *
 * Another tab of the browser is what another tab's session does to the shared storage and the tabs'
 * channel (src/features/app/tabs.ts): it stores a token of the account (logged in through the API) or
 * removes it, and posts the change on the real BroadcastChannel; this tab's watcher hears it as it would
 * from a real tab (tests/e2e/tabs.spec.ts does it with two Chromium pages):
 * - session.otherTabSignedOut: the other tab logged out;
 * - session.otherTabSignedIn (other token): the other tab logged in (a signed-in tab: logged in again);
 * - session.otherTabSignedIn (same token): the change this tab holds already, announced again.
 * `session.login` in a signed-in tab needs a tab that missed another tab's log-out (no channel and no
 * storage event): the token is removed without a word and this tab's /login is opened again.
 */

const model = modelByName('session');
if (!model) throw new Error('no session model');

const LOAD = 'loadCurrentUser';
/** The other tab, as the tabs' channel names it. */
const OTHER_TAB = 'ui-walk-other-tab';
const REALISED = new Set(['success', '400 detail', '404 user gone', '403 credentials']);

interface Ctx {
  account: Account;
  app: ReturnType<typeof renderApp>['app'];
  u: User;
  inactive: boolean;
}

function accepts(path: ModelPath): boolean {
  const states = [path.initial, ...path.steps.map((step) => step.state)];
  return path.steps.every((step, index) => {
    const from = stateLabel(states[index] as never);
    const type = step.event.type;
    // A deleted account cannot log in again.
    if (
      (type === 'session.login' || type === 'session.otherTabSignedIn') &&
      path.steps.slice(0, index).some((s) => outcomeLabel(s.event) === '404 user gone')
    )
      return false;
    if (isOutcome(step, LOAD)) {
      const label = outcomeLabel(step.event) ?? '';
      if (!REALISED.has(label)) return false;
      // Right after logging in (here or in the other tab), the account is the one just used: it can only load.
      const entered = path.steps[index - 1];
      const loggedIn =
        entered?.event.type === 'session.login' || entered?.event.type === 'session.otherTabSignedIn';
      if (loggedIn && label !== 'success') return false;
      return true;
    }
    // The spinner offers nothing (the server is held while it shows); on the failure screen, 'Try again'
    // is walked here (its 'Log out' in Chromium, tests/e2e/generated-walks.spec.ts); another tab may act
    // at any time.
    if (from === 'signedIn.loading') return false;
    if (from === 'signedIn.failed')
      return type === 'session.retry' || type === 'session.login' || type.startsWith('session.otherTab');
    return true;
  });
}

/** Makes the server answer the coming current-user call as the path's next step says. */
async function arrangeLoad(info: StepInfo, ctx: Ctx, walk: Walk) {
  const next = info.next;
  if (!isOutcome(next, LOAD)) return;
  const label = outcomeLabel(next?.event);
  if (label === 'success' && ctx.inactive) {
    await setActive(walk.api, ctx.account.id, true);
    ctx.inactive = false;
  }
  if (label === '400 detail' && !ctx.inactive) {
    await setActive(walk.api, ctx.account.id, false);
    ctx.inactive = true;
  }
  if (label === '404 user gone') await deleteAccount(walk.api, ctx.account.id);
  if (label === '403 credentials') await revokeTokens(walk, ctx);
}

/** The admin sets a new password for the account, which revokes its tokens. */
async function revokeTokens(walk: Walk, ctx: Ctx) {
  const password = ctx.account.password === 'password-456' ? 'password-789' : 'password-456';
  const reset = await walk.api.call('PATCH', `/users/${ctx.account.id}`, await adminToken(walk.api), {
    password,
  });
  expect(reset.status).toBe(200);
  ctx.account.password = password;
}

async function logIn(ctx: Ctx) {
  await waitFor(() => expect(ctx.app.router.state.location.pathname).toBe('/login'));
  const email = await screen.findByPlaceholderText('Email', {}, { timeout: 10_000 });
  await ctx.u.type(email, ctx.account.email);
  await ctx.u.type(screen.getByPlaceholderText('Password'), ctx.account.password);
  await ctx.u.click(screen.getByRole('button', { name: 'Log In' }));
}

const driver: UiDriver<Ctx> = {
  model,
  accepts,
  held: (label) => label === 'signedIn.loading',
  teardown: (ctx) => ctx.app.session.stop(),
  async setup(path, walk) {
    const account = await createAccount(walk.api, 'session');
    const stored = path.inputLabel === 'stored token';
    const ctx = { account, u: user(), inactive: false } as Ctx;
    if (stored)
      await arrangeLoad(
        {
          index: 0,
          step: path.steps[0] as never,
          next: path.steps[0],
          before: path.initial,
          after: path.initial,
          path,
        },
        ctx,
        walk,
      );
    ctx.app = renderApp('/', stored ? account.token : undefined).app;
    return ctx;
  },
  async act(info, ctx, walk) {
    const from = stateLabel(info.before);
    const signedIn = from.startsWith('signedIn');
    switch (info.step.event.type) {
      case 'session.login': {
        if (signedIn) {
          // Another tab logged out (the stored token is gone): this tab's /login is open again.
          localStorage.removeItem(TOKEN_KEY);
          await ctx.app.router.navigate({ to: '/login' });
        }
        if (ctx.inactive) {
          // Logging in needs an active account (an inactive one is refused at /login).
          await setActive(walk.api, ctx.account.id, true);
          ctx.inactive = false;
        }
        await arrangeLoad(info, ctx, walk);
        await logIn(ctx);
        return 'sent';
      }
      case 'session.otherTabSignedOut': {
        // The other tab logged out: its session removed the token and told the tabs.
        clearToken();
        announceToken(OTHER_TAB, '');
        return 'sent';
      }
      case 'session.otherTabSignedIn': {
        const event = info.step.event as unknown as { token: string };
        const held = (info.before.context as { token: string }).token;
        if (event.token === held && held !== '') {
          // The change this tab holds already (the same token, announced again).
          announceToken(OTHER_TAB, getToken());
          return 'sent';
        }
        // The other tab logged in (the account reactivated first if need be): its token is stored and told.
        if (ctx.inactive) {
          await setActive(walk.api, ctx.account.id, true);
          ctx.inactive = false;
        }
        const token = await walk.api.login(ctx.account.email, ctx.account.password);
        await arrangeLoad(info, ctx, walk);
        setToken(token);
        announceToken(OTHER_TAB, token);
        return 'sent';
      }
      case 'session.logout': {
        if (!signedIn) {
          expect(screen.queryByRole('button', { name: 'Open user menu' })).toBeNull();
          return 'blocked';
        }
        await ctx.u.click(screen.getByRole('button', { name: 'Open user menu' }));
        await ctx.u.click(await screen.findByRole('menuitem', { name: 'Log out' }));
        return 'sent';
      }
      case 'session.expired': {
        if (!signedIn) {
          expect(screen.queryByText(/Logged in as/)).toBeNull();
          return 'blocked';
        }
        // The next call (opening /items) is refused with 403 'Could not validate credentials'.
        await revokeTokens(walk, ctx);
        await ctx.app.router.navigate({ to: '/items' });
        return 'sent';
      }
      case 'session.retry': {
        const retry = screen.queryByRole('button', { name: 'Try again' });
        if (from !== 'signedIn.failed') {
          expect(retry).toBeNull();
          return 'blocked';
        }
        await arrangeLoad(info, ctx, walk);
        await ctx.u.click(retry as HTMLElement);
        return 'sent';
      }
      default:
        // The current user's call is answered (the walk resumed the server).
        return 'sent';
    }
  },
  async see(expected, ctx) {
    const label = stateLabel(expected);
    if (label === 'signedOut') {
      await waitFor(() => expect(ctx.app.router.state.location.pathname).toBe('/login'));
      expect(await screen.findByRole('button', { name: 'Log In' })).toBeTruthy();
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(screen.queryByText(/Logged in as/)).toBeNull();
      return;
    }
    if (label === 'signedIn.loading') {
      expect(screen.queryByText(/Logged in as/)).toBeNull();
      // The layout shows its spinner (unless the token already left storage: then /login shows).
      if (localStorage.getItem(TOKEN_KEY)) {
        expect(await screen.findByLabelText('Loading')).toBeTruthy();
      } else {
        await waitFor(() => expect(ctx.app.router.state.location.pathname).toBe('/login'));
      }
      return;
    }
    if (label === 'signedIn.ready') {
      expect(
        await screen.findByText(`Logged in as: ${ctx.account.email}`, {}, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.queryByLabelText('Loading')).toBeNull();
      expect(localStorage.getItem(TOKEN_KEY)).toBeTruthy();
      return;
    }
    if (label === 'signedIn.failed') {
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Inactive user')).toBeTruthy();
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(screen.queryByText(/Logged in as/)).toBeNull();
      return;
    }
    throw new Error(`session: no screen assertion for ${label}`);
  },
};

await describeUiWalk(driver);
