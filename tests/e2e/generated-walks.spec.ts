import type { BrowserContext, Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { ApiError } from '../../src/api/api-error';
import { TOKEN_KEY } from '../../src/api/token';
import type { FormContext } from '../../src/machines/form';
import type { MachineModel } from '../../src/qa/statecharts/model-kit';
import { modelByName } from '../../src/qa/statecharts/models';
import { generatePaths, type ModelPath, stateLabel } from '../../src/qa/statecharts/paths';
import { apiToken, expect, test } from './fixtures.ts';
import {
  answerWithModel,
  createWalkAccount,
  type Driver,
  deleteAccount,
  HeldCalls,
  isOutcome,
  type Outcome,
  outcomeError,
  outcomeLabel,
  POLL,
  revokeTokens,
  type StepInfo,
  setActive,
  specLoginMessage,
  specMessage,
  storedToken,
  type WalkAccount,
  walk,
} from './walk-driver.ts';

/**
 * Every shortest path generated from the session and login machines' models (src/qa/statecharts/paths.ts,
 * the paths tests/model and tests/ui/walks walk), driven in Chromium against the e2e server, one test
 * per path with an account of its own (walk-driver.ts says how the app's actor is followed and how the
 * calls a path answers are held and released). What each event is in the browser is written next to it
 * below; a path with an event no user can cause in a browser is skipped with the reason.
 */

function model(name: string): MachineModel {
  const found = modelByName(name);
  if (!found) throw new Error(`no model named ${name}`);
  return found;
}

const statesOf = (path: ModelPath) => [path.initial, ...path.steps.map((step) => step.state)];

/** What the real server answers, as tests/e2e needs it for the screen: an ApiError of its answer. */
function asError(answer: { status: number; body: unknown }): ApiError {
  return new ApiError(answer.status, answer.body);
}

// ---------------------------------------------------------------------------------------------------
// The session: /login, the layout's spinner, the signed-in layout, the failure screen

const LOAD = 'loadCurrentUser';

interface SessionCtx {
  page: Page;
  context: BrowserContext;
  account: WalkAccount;
  /** GET /users/me of this tab, held until the path answers it. */
  me: HeldCalls;
  inactive: boolean;
  /** The failure the failure screen shows. */
  failure: unknown;
}

/**
 * The current user's load, answered as the path's outcome says. The real server gives: success (an
 * active account), '400 detail' (the admin deactivated it: 400 'Inactive user'), '403 credentials' (the
 * admin set a new password, which revokes its tokens: 403 'Could not validate credentials') and '404
 * user gone' (the admin deleted it: 404 'User not found'). /users/me never answers the others (a 401
 * needs a call without a token, which the app does not make with one stored; a 403 about privileges, a
 * 404 'Not found', a 409, a 422 or a 500 are not among its answers): those are the model's own errors,
 * answered in the browser; a network failure is an aborted request.
 *
 * A refused credential (401, 403 credentials, 404 user gone) is reported to the session by the API client
 * as soon as the answer arrives (src/api/client.ts → session.expired), before the load's own failure can
 * reach it: the actor takes `session.expired`, into the same state the path predicts.
 */
async function answerLoad(info: StepInfo, ctx: SessionCtx): Promise<Outcome> {
  const label = outcomeLabel(info.step.event);
  const expectAnswer = async (status: number, detail?: string) => {
    const answer = await ctx.me.serverAnswers();
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    if (detail !== undefined) expect(answer.body).toEqual({ detail });
    return answer;
  };
  if (label === 'success') {
    if (ctx.inactive) await setActive(ctx.account, true);
    ctx.inactive = false;
    const answer = await expectAnswer(200);
    expect((answer.body as { email?: string }).email).toBe(ctx.account.email);
    return { sent: `xstate.done.actor.${LOAD}` };
  }
  if (label === '400 detail') {
    await setActive(ctx.account, false);
    ctx.inactive = true;
    ctx.failure = asError(await expectAnswer(400, 'Inactive user'));
    return { sent: `xstate.error.actor.${LOAD}` };
  }
  if (label === '403 credentials') {
    await revokeTokens(ctx.account);
    await expectAnswer(403, 'Could not validate credentials');
    return { sent: 'session.expired' };
  }
  if (label === '404 user gone') {
    await deleteAccount(ctx.account);
    await expectAnswer(404, 'User not found');
    return { sent: 'session.expired' };
  }
  const error = outcomeError(info.step.event);
  await answerWithModel(ctx.me, error);
  if (label === '401') return { sent: 'session.expired' };
  ctx.failure = error;
  return { sent: `xstate.error.actor.${LOAD}` };
}

/** Logs in on the /login screen this tab shows. */
async function logIn(page: Page, account: WalkAccount) {
  await expect(page).toHaveURL(/\/login$/);
  await page.getByPlaceholder('Email').fill(account.email);
  await page.getByPlaceholder('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Another tab of the same browser logs out: the stored token is gone, and this tab is told. */
async function logOutInAnotherTab(ctx: SessionCtx) {
  const other = await ctx.context.newPage();
  await other.goto('/');
  const failure = other.getByRole('alert').getByRole('button', { name: 'Log out' });
  const menu = other.getByRole('button', { name: 'Open user menu' });
  await expect(failure.or(menu)).toBeVisible();
  if (await failure.isVisible()) await failure.click();
  else {
    await menu.click();
    await other.getByRole('menuitem', { name: 'Log out' }).click();
  }
  await expect(other).toHaveURL(/\/login$/);
  await other.close();
  // Chromium hands a change of localStorage to the other tabs' processes shortly after, not at once.
  await expect.poll(() => storedToken(ctx.page), { intervals: POLL }).toBeNull();
}

/** Another tab of the same browser logs in on its /login: its token is stored, and this tab is told. */
async function logInInAnotherTab(ctx: SessionCtx) {
  const other = await ctx.context.newPage();
  await other.goto('/login');
  await logIn(other, ctx.account);
  await expect(other.getByText(`Logged in as: ${ctx.account.email}`)).toBeVisible();
  await other.close();
}

const sessionDriver: Driver<SessionCtx> = {
  model: model('session'),
  unrealisable(path) {
    const states = statesOf(path);
    for (const [index, step] of path.steps.entries()) {
      const from = stateLabel(states[index] as AnyMachineSnapshot);
      const type = step.event.type;
      if (type === 'session.logout' && from === 'signedIn.loading')
        return 'session.logout while the current user loads: the layout shows only its spinner, no Log out';
      if (type === 'session.expired' && from === 'signedIn.failed')
        return 'session.expired on the failure screen: it makes no call that could be refused';
      if (type === 'session.login' && from.startsWith('signedIn'))
        return `session.login in ${from}: another tab's log-out takes a signed-in tab to /login at once (session.otherTabSignedOut), so it never shows /login while signed in; the edge stands for a tab that missed it (no BroadcastChannel, no storage event), walked in tests/ui/walks/session.test.tsx`;
      if (type === 'session.otherTabSignedIn' && from.startsWith('signedIn'))
        return outcomeLabel(step.event) === 'same token'
          ? `session.otherTabSignedIn (same token) in ${from}: the second report of one change (its message and its storage event), which follows another tab's log-in by itself; no action causes it alone (tests/machines/tabs.test.ts, tests/ui/walks/session.test.tsx)`
          : `session.otherTabSignedIn (other token) in ${from}: another tab logs in only after a log-out, which this tab hears first (session.otherTabSignedOut); walked in tests/ui/walks/session.test.tsx`;
      if (
        type === 'session.otherTabSignedIn' &&
        path.steps.slice(0, index).some((s) => outcomeLabel(s.event) === '404 user gone')
      )
        return 'session.otherTabSignedIn after the account was deleted: no tab can log in to it again';
    }
    return undefined;
  },
  async setup(path, page, context) {
    const me = await HeldCalls.on(page, 'GET', '/users/me');
    if (path.inputLabel !== 'stored token') {
      const [account] = await Promise.all([createWalkAccount('walk-session'), page.goto('/login')]);
      return { page, context, account, me, inactive: false, failure: null };
    }
    // The tab opens with the account's token in storage (put there before the app's scripts run).
    const account = await createWalkAccount('walk-session');
    const token = await apiToken(account.email, account.password);
    await page.addInitScript(
      ([key, value]) => {
        if (sessionStorage.getItem('walk-seeded')) return;
        localStorage.setItem(key as string, value as string);
        sessionStorage.setItem('walk-seeded', '1');
      },
      [TOKEN_KEY, token],
    );
    await page.goto('/');
    return { page, context, account, me, inactive: false, failure: null };
  },
  async act(info, ctx) {
    const { page } = ctx;
    const from = stateLabel(info.before);
    // The current user's load is held while the path expects it under way (and while a refusal's
    // follow-up is asked, so that the screen can be seen staying); otherwise it goes to the server.
    ctx.me.holding =
      stateLabel(info.after) === 'signedIn.loading' || info.step.event.type === 'session.userNotFound';
    if (isOutcome(info.step, LOAD)) return answerLoad(info, ctx);
    switch (info.step.event.type) {
      case 'session.otherTabSignedOut': {
        if (from === 'signedOut') {
          // No token is stored: no tab of this browser is signed in to log out.
          expect(await storedToken(page)).toBeNull();
          return 'not offered';
        }
        await logOutInAnotherTab(ctx);
        return { sent: 'session.otherTabSignedOut' };
      }
      case 'session.otherTabSignedIn': {
        // (Signed out only: see unrealisable.) An inactive account is refused at /login: the admin has
        // reactivated it.
        if (ctx.inactive) await setActive(ctx.account, true);
        ctx.inactive = false;
        await logInInAnotherTab(ctx);
        return { sent: 'session.otherTabSignedIn' };
      }
      case 'session.login': {
        // (Signed out only: see unrealisable.) An inactive account is refused at /login: the admin has reactivated it.
        if (ctx.inactive) await setActive(ctx.account, true);
        ctx.inactive = false;
        await logIn(page, ctx.account);
        return { sent: 'session.login' };
      }
      case 'session.logout': {
        if (from === 'signedIn.ready') {
          await page.getByRole('button', { name: 'Open user menu' }).click();
          await page.getByRole('menuitem', { name: 'Log out' }).click();
          return { sent: 'session.logout' };
        }
        if (from === 'signedIn.failed') {
          await page.getByRole('alert').getByRole('button', { name: 'Log out' }).click();
          return { sent: 'session.logout' };
        }
        // Signed out: /login has no user menu and no Log out.
        await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Open user menu' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
        return 'not offered';
      }
      case 'session.expired': {
        if (from === 'signedIn.ready') {
          // The admin revoked the token; the next call (the items list) is refused: 403 'Could not validate credentials'.
          await revokeTokens(ctx.account);
          await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Items' }).click();
          return { sent: 'session.expired' };
        }
        if (from === 'signedIn.loading') {
          // The admin revoked the token; the current user's call is refused: the client ends the session.
          await revokeTokens(ctx.account);
          const answer = await ctx.me.serverAnswers();
          expect(answer).toEqual({ status: 403, body: { detail: 'Could not validate credentials' } });
          return { sent: 'session.expired' };
        }
        // Signed out: no token is stored, so no call carries one to be refused.
        expect(await storedToken(page)).toBeNull();
        return 'not offered';
      }
      case 'session.retry': {
        if (from === 'signedIn.failed') {
          await page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
          return { sent: 'session.retry' };
        }
        await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
        return 'not offered';
      }
      case 'session.userNotFound': {
        if (from === 'signedIn.ready') {
          // The admin deleted the account; the next call (the items list) is answered 404 'User not found',
          // which may concern another user's record: the session asks /users/me again (held here) and the
          // screen stays.
          await deleteAccount(ctx.account);
          const asked = ctx.me.made;
          await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Items' }).click();
          await expect
            .poll(() => ctx.me.made, { message: 'the current user is asked for again', intervals: POLL })
            .toBeGreaterThan(asked);
          return { sent: 'session.userNotFound' };
        }
        // Signed out, loading or failed: the screen (/login, the spinner, the failure screen) makes no
        // call that carries the token besides the current user's.
        if (from === 'signedOut') expect(await storedToken(page)).toBeNull();
        else await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
        return 'not offered';
      }
      default:
        throw new Error(`session: no browser action for ${info.step.label}`);
    }
  },
  async see(expected, ctx) {
    const { page, account } = ctx;
    const label = stateLabel(expected);
    const signedInAs = page.getByText(`Logged in as: ${account.email}`);
    if (label === 'signedOut') {
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
      await expect(signedInAs).toHaveCount(0);
      expect(await storedToken(page)).toBeNull();
      return;
    }
    if (label === 'signedIn.loading') {
      await expect(page.getByLabel('Loading')).toBeVisible();
      // And the current user's call is under way (held until the path answers it): the spinner shows
      // at once, before the call leaves, while the signed-in app's code is still arriving.
      await expect
        .poll(() => ctx.me.held, { message: 'the current user is asked for', intervals: POLL })
        .toBeGreaterThan(0);
      await expect(signedInAs).toHaveCount(0);
      expect(await storedToken(page)).not.toBeNull();
      return;
    }
    if (label === 'signedIn.ready') {
      await expect(signedInAs).toBeVisible();
      await expect(page.getByLabel('Loading')).toHaveCount(0);
      // On the dashboard: the greeting with the user's full name.
      if (new URL(page.url()).pathname === '/')
        await expect(page.getByRole('heading', { name: `Hi, ${account.fullName}` })).toBeVisible();
      return;
    }
    if (label === 'signedIn.failed') {
      const alert = page.getByRole('alert');
      await expect(alert.getByText(specMessage(ctx.failure), { exact: true })).toBeVisible();
      await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expect(alert.getByRole('button', { name: 'Log out' })).toBeVisible();
      await expect(signedInAs).toHaveCount(0);
      return;
    }
    throw new Error(`session: no screen assertion for ${label}`);
  },
  async teardown(ctx) {
    await ctx.me.dropAll();
  },
};

// ---------------------------------------------------------------------------------------------------
// Login: the /login form

/** The login form's field messages, letter for letter from the product spec (section 5). */
const LOGIN_MESSAGES = ['Username is required', 'Invalid email address', 'Password is required'];
const SUBMIT = 'submit';

interface LoginCtx {
  page: Page;
  account: WalkAccount;
  /** POST /login/access-token, held until the path answers it. */
  token: HeldCalls;
  /** The model's valid values → the ones this path types (the account's e-mail and password). */
  real: Map<string, string>;
}

/**
 * The model's values as typed in this path: its 'valid input' becomes the account's credentials — with
 * a wrong password when the path's login is refused with '400 detail', which the real server answers
 * 400 'Incorrect email or password', the model's own error.
 */
function realValues(path: ModelPath, account: WalkAccount): Map<string, string> {
  const refused = path.steps.some(
    (step) => isOutcome(step, SUBMIT) && outcomeLabel(step.event) === '400 detail',
  );
  const real = new Map<string, string>();
  for (const step of path.steps) {
    if (step.event.type !== 'form.set' || !step.label.endsWith('(valid input)')) continue;
    const values = step.event.values as Record<string, string>;
    real.set(values.username ?? '', account.email);
    real.set(values.password ?? '', refused ? `${account.password}-wrong` : account.password);
  }
  return real;
}

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
/** The field's error text (Chakra's Field.ErrorText of the field's root). */
const errorOf = (page: Page, name: string) =>
  page.locator('[data-part="root"]', { has: field(page, name) }).locator('[data-part="error-text"]');

/**
 * `form.set` is the browser's autofill: every field's value is set at once and each gets its input
 * event, without moving the focus (so no field is left, no blur). React reports only a value that
 * differs from what the field holds: when the autofill would change nothing, the first field is edited
 * and restored, so that the form does see the edit.
 */
async function autofill(page: Page, values: Record<string, string>): Promise<void> {
  await page.evaluate((entries) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const input = (name: string) => {
      const found = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (!found || !setter) throw new Error(`no field ${name}`);
      return found;
    };
    const set = (name: string, value: string) => {
      setter?.call(input(name), value);
      input(name).dispatchEvent(new Event('input', { bubbles: true }));
    };
    const [first] = entries;
    if (first && entries.every(([name, value]) => input(name).value === value)) set(first[0], `${first[1]}x`);
    for (const [name, value] of entries) set(name, value);
  }, Object.entries(values));
}

const loginDriver: Driver<LoginCtx> = {
  model: model('login'),
  unrealisable: () => undefined,
  async setup(path, page) {
    const token = await HeldCalls.on(page, 'POST', '/login/access-token');
    const [account] = await Promise.all([createWalkAccount('walk-login'), page.goto('/login')]);
    return { page, account, token, real: realValues(path, account) };
  },
  async act(info, ctx) {
    const { page } = ctx;
    const event = info.step.event;
    const submitting = stateLabel(info.before) === 'submitting';
    if (isOutcome(info.step, SUBMIT)) {
      const label = outcomeLabel(event);
      if (label === 'success') {
        const answer = await ctx.token.serverAnswers();
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body).toMatchObject({ token_type: 'bearer', access_token: expect.any(String) });
        return { sent: `xstate.done.actor.${SUBMIT}` };
      }
      if (label === '400 detail') {
        // The password typed is wrong: the server's answer is the model's error.
        const answer = await ctx.token.serverAnswers();
        const error = outcomeError(event) as ApiError;
        expect(answer).toEqual({ status: error.status, body: error.body });
        return { sent: `xstate.error.actor.${SUBMIT}` };
      }
      // The login call never answers 401, 403, 404, 409 or 500, nor a 422 for a form the screen checked
      // first: the model's errors, answered in the browser; a network failure is an aborted request.
      await answerWithModel(ctx.token, outcomeError(event));
      return { sent: `xstate.error.actor.${SUBMIT}` };
    }
    switch (event.type) {
      case 'form.change': {
        // Typed into the field (while the call runs, the field keeps its value: the machine ignores it).
        await field(page, event.field).fill(String(event.value));
        return { sent: 'form.change' };
      }
      case 'form.blur': {
        // The user leaves the field.
        await field(page, event.field).focus();
        await field(page, event.field).blur();
        return { sent: 'form.blur' };
      }
      case 'form.set': {
        const values = Object.fromEntries(
          Object.entries(event.values as Record<string, string>).map(([name, value]) => [
            name,
            ctx.real.get(value) ?? value,
          ]),
        );
        await autofill(page, values);
        return { sent: 'form.change' };
      }
      case 'form.submit': {
        const button = page.getByRole('button', { name: 'Log In' });
        if (submitting) {
          // Log In is disabled while the call runs (and Enter cannot submit a form whose button is).
          await expect(button).toBeDisabled();
          return 'not offered';
        }
        // Enter in the field being typed in, else a click on Log In (neither leaves a field first).
        const focused = await page.evaluate(() => document.activeElement?.tagName === 'INPUT');
        if (focused) await page.keyboard.press('Enter');
        else await button.click();
        return { sent: 'form.submit' };
      }
      default:
        throw new Error(`login: no browser action for ${info.step.label}`);
    }
  },
  async see(expected, ctx) {
    const { page, account } = ctx;
    const label = stateLabel(expected);
    if (expected.status === 'done') {
      // Logged in: the screen left for the dashboard.
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: `Hi, ${account.fullName}` })).toBeVisible();
      await expect(page.getByText(`Logged in as: ${account.email}`)).toBeVisible();
      return;
    }
    const context = expected.context as FormContext;
    const button = page.getByRole('button', { name: 'Log In' });
    // The fields hold the values the path expects (as this path types them).
    for (const name of ['username', 'password']) {
      const value = String(context.values[name] ?? '');
      await expect(field(page, name)).toHaveValue(ctx.real.get(value) ?? value);
    }
    if (label === 'submitting') {
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('data-loading');
      await expect(errorOf(page, 'password')).toHaveCount(0);
      return;
    }
    await expect(button).toBeEnabled();
    await expect(button).not.toHaveAttribute('data-loading');
    // A field's error shows once it was left, or for every field after a submit (spec: validate on blur).
    const shown = (name: string) =>
      context.submitted || context.touched[name] ? context.errors[name]?.[0] : undefined;
    const username = shown('username');
    const password = shown('password');
    for (const message of [username, password]) if (message) expect(LOGIN_MESSAGES).toContain(message);
    // The spec's message letter for letter (the screen's hint on what the username is stands apart).
    if (username) await expect(errorOf(page, 'username')).toHaveText(username);
    else await expect(errorOf(page, 'username')).toHaveCount(0);
    if (label === 'failed') {
      // The refusal inline under the password field (a field error would come first; there is none).
      expect(password).toBeUndefined();
      await expect(errorOf(page, 'password')).toHaveText(specLoginMessage(context.error));
      return;
    }
    if (password) await expect(errorOf(page, 'password')).toHaveText(password);
    else await expect(errorOf(page, 'password')).toHaveCount(0);
  },
  async teardown(ctx) {
    await ctx.token.dropAll();
  },
};

// ---------------------------------------------------------------------------------------------------

/**
 * A time limit (`xstate.after.*`, e.g. writeLimit's 30 s) would hold a test for the whole limit, and
 * shortening it takes a hook that must not ship. These paths are walked elsewhere: in jsdom by the UI
 * walks (tests/ui/walks/form-driver.ts holds the call and shortens CALL_TIME_LIMITS.write), and the
 * real 30 s in Chromium by tests/e2e/network.spec.ts (a create never answered).
 */
function timeLimitReason(path: ModelPath): string | undefined {
  const step = path.steps.find((candidate) => candidate.event.type.startsWith('xstate.after.'));
  return step
    ? `${step.event.type}: a time limit, walked in jsdom with a shortened limit (tests/ui/walks) and at its real 30 s in tests/e2e/network.spec.ts`
    : undefined;
}

for (const driver of [sessionDriver, loginDriver] as Driver<unknown>[]) {
  test.describe(`${driver.model.name}: generated shortest paths in Chromium`, () => {
    for (const path of generatePaths(driver.model)) {
      const reason = timeLimitReason(path) ?? driver.unrealisable(path);
      test(path.id, async ({ page, context }) => {
        test.skip(reason !== undefined, `cannot be walked in a browser: ${reason}`);
        await walk(driver, path, page, context);
      });
    }
  });
}
