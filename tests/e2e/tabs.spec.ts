import type { Page } from '@playwright/test';
import { TOKEN_KEY } from '../../src/api/token';
import { TABS_CHANNEL } from '../../src/features/app/tabs';
import { E2E } from './env.ts';
import { apiCall, apiToken, createAccount, expect, logIn, test } from './fixtures.ts';

/**
 * Two tabs of one browser (two pages of one context: one localStorage, one BroadcastChannel origin).
 * A log-out in tab A takes tab B off the signed-in screens, a log-in in A takes B off /login, each
 * within 1 s (issue 24 point 9). The time is measured inside the browser: A records when its session
 * removes or stores the token (Storage.prototype is wrapped before the app's scripts run), B when it
 * shows the screen it has to reach; both read the same clock.
 */

declare global {
  interface Window {
    __tabs?: { tokenChangedAt?: number; reachedAt?: number; messageAt?: number; storageEventAt?: number };
  }
}

const LIMIT_MS = 1000;

/**
 * Records, in every page of the context, when this page changes the stored token, and when the other
 * tabs' message (BroadcastChannel) and storage event about it arrive.
 */
function recordTokenChanges([key, channelName]: [string, string]) {
  const record: NonNullable<Window['__tabs']> = {};
  window.__tabs = record;
  new BroadcastChannel(channelName).onmessage = () => {
    record.messageAt ??= Date.now();
  };
  window.addEventListener('storage', (event) => {
    if (event.key === key) record.storageEventAt ??= Date.now();
  });
  const { setItem, removeItem } = Storage.prototype;
  Storage.prototype.setItem = function (this: Storage, name: string, value: string) {
    if (name === key) record.tokenChangedAt = Date.now();
    return setItem.call(this, name, value);
  };
  Storage.prototype.removeItem = function (this: Storage, name: string) {
    if (name === key) record.tokenChangedAt = Date.now();
    return removeItem.call(this, name);
  };
}

/** Starts watching, in `page`, for the moment it shows /login (signed out) or leaves it for /. */
async function watchArrival(page: Page, path: '/login' | '/') {
  await page.evaluate((wanted) => {
    const record = window.__tabs ?? {};
    window.__tabs = record;
    record.reachedAt = undefined;
    record.messageAt = undefined;
    record.storageEventAt = undefined;
    // /login: its form and no signed-in layout; '/': the login form gone (spinner or layout).
    const loginForm = () =>
      [...document.querySelectorAll('button')].some((button) => button.textContent === 'Log In');
    const reached = () =>
      location.pathname === wanted &&
      (wanted === '/login' ? loginForm() && !document.body.innerText.includes('Logged in as') : !loginForm());
    const look = () => {
      if (reached()) record.reachedAt = Date.now();
      else requestAnimationFrame(look);
    };
    // Every DOM change and every frame (whichever the tab runs first).
    const observer = new MutationObserver(() => {
      if (record.reachedAt === undefined && reached()) {
        record.reachedAt = Date.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    look();
  }, path);
}

/** Milliseconds from A's change of the token to B's screen (logged with when B heard of it). */
async function elapsed(from: Page, to: Page, what: string): Promise<number> {
  const changed = await from.evaluate(() => window.__tabs?.tokenChangedAt);
  const seen = await to.evaluate(() => window.__tabs);
  expect(changed, 'tab A changed the stored token').toBeDefined();
  expect(seen?.reachedAt, 'tab B reached its screen').toBeDefined();
  const after = (at: number | undefined) => (at === undefined ? 'never' : `${at - (changed as number)} ms`);
  const ms = (seen?.reachedAt as number) - (changed as number);
  console.log(
    `${what}: tab B ${ms} ms after tab A changed the token (message ${after(seen?.messageAt)}, storage event ${after(seen?.storageEventAt)})`,
  );
  return ms;
}

test.describe('the tabs of one browser share the session', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(recordTokenChanges, [TOKEN_KEY, TABS_CHANNEL] as [string, string]);
  });

  test('a log-out in tab A takes tab B to /login within 1 s', async ({ context }) => {
    const account = await createAccount();
    const a = await context.newPage();
    const b = await context.newPage();
    await logIn(a, account);
    await b.goto('/items');
    await expect(b.getByText(`Logged in as: ${account.email}`)).toBeVisible();
    await expect(b.getByRole('heading', { name: 'Items Management' })).toBeVisible();

    await watchArrival(b, '/login');
    await a.getByRole('button', { name: 'Open user menu' }).click();
    await a.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(a).toHaveURL(/\/login$/);
    await expect(b).toHaveURL(/\/login$/, { timeout: LIMIT_MS });
    await expect(b.getByRole('button', { name: 'Log In' })).toBeVisible({ timeout: LIMIT_MS });
    await expect(b.getByText(/Logged in as/)).toHaveCount(0);
    const ms = await elapsed(a, b, 'log-out');
    expect(ms).toBeLessThan(LIMIT_MS);
    expect(await b.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });

  test('a log-in in tab A takes tab B from /login to the dashboard within 1 s', async ({ context }) => {
    const account = await createAccount();
    const a = await context.newPage();
    const b = await context.newPage();
    await a.goto('/login');
    await b.goto('/login');
    await expect(b.getByRole('button', { name: 'Log In' })).toBeVisible();

    // The signed-in app's code reaches B slowly (a busy machine, a slow network): B must leave the form
    // for the spinner at once anyway, not when that code has arrived.
    await b.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await watchArrival(b, '/');
    await logIn(a, account);
    // B leaves /login at once (the spinner while the app's code and the current user load, then the dashboard).
    await expect(b).toHaveURL(`${E2E.baseURL}/`, { timeout: LIMIT_MS });
    await expect(b.getByRole('button', { name: 'Log In' })).toHaveCount(0, { timeout: LIMIT_MS });
    const ms = await elapsed(a, b, 'log-in');
    expect(ms).toBeLessThan(LIMIT_MS);
    await expect(b.getByText(`Logged in as: ${account.email}`)).toBeVisible();
    await expect(b.getByRole('heading', { name: `Hi, ${account.fullName}` })).toBeVisible();
  });

  test('a session that ends in tab A (its token revoked) ends in tab B within 1 s', async ({ context }) => {
    const account = await createAccount();
    const a = await context.newPage();
    const b = await context.newPage();
    await logIn(a, account);
    await b.goto('/');
    await expect(b.getByText(`Logged in as: ${account.email}`)).toBeVisible();

    // The password is changed elsewhere (a new password revokes the account's tokens): A's next call is
    // refused and ends its session; B, which makes no call, learns it from A.
    const token = await apiToken(account.email, account.password);
    const changed = await apiCall(token, 'PATCH', '/users/me/password', {
      current_password: account.password,
      new_password: `${account.password}-new`,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await watchArrival(b, '/login');
    await a.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Items' }).click();
    await expect(a).toHaveURL(/\/login$/);
    await expect(b).toHaveURL(/\/login$/, { timeout: LIMIT_MS });
    const ms = await elapsed(a, b, 'session ended');
    expect(ms).toBeLessThan(LIMIT_MS);
  });
});
