import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E } from './env.ts';

export { expect };

export interface Account {
  email: string;
  password: string;
  fullName: string;
}

let n = 0;
export function newAccount(prefix = 'e2e'): Account {
  const id = `${Date.now().toString(36)}${(n++).toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    email: `${prefix}-${id}@example.com`,
    password: `pass-${id}-Zq`,
    fullName: `User ${id.slice(-4)}`,
  };
}

const api = (path: string) => `${E2E.baseURL}/api/v1${path}`;

/** Creates an account through the API (signup), for journeys that start signed in. */
export async function createAccount(account: Account = newAccount()): Promise<Account> {
  const res = await fetch(api('/users/signup'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, full_name: account.fullName }),
  });
  if (!res.ok) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  return account;
}

export async function apiToken(email: string, password: string): Promise<string> {
  const res = await fetch(api('/login/access-token'), {
    method: 'POST',
    body: new URLSearchParams({ username: email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function apiCall(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(api(path), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

export interface Mail {
  to: string[];
  subject: string;
  html: string;
}

/** Waits for an e-mail to `to` whose subject matches, from the run's SMTP sink. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await (await fetch(`http://127.0.0.1:${E2E.mailboxPort}/mails`)).json()) as Mail[];
    const mail = mails.filter((m) => m.to.includes(to) && subject.test(m.subject)).at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Signs in through the login screen. */
export async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByPlaceholder('Email').fill(account.email);
  await page.getByPlaceholder('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Fails on serious or critical axe violations of the current page, in light and in dark mode: the
 * screen as it is, then with the other mode applied the way the app applies it (src/features/app/
 * actors.ts: the `light`/`dark` class and `color-scheme` on <html>; every colour follows from that
 * class), then the mode it had is put back.
 */
export async function expectAccessible(page: Page, label: string) {
  const mode = await page.evaluate(() =>
    document.documentElement.classList.contains('dark') ? 'dark' : 'light',
  );
  const other = mode === 'dark' ? 'light' : 'dark';
  await expectAccessibleAsShown(page, `${label} (${mode})`);
  await applyMode(page, other);
  try {
    await expectAccessibleAsShown(page, `${label} (${other})`);
  } finally {
    await applyMode(page, mode);
  }
}

async function applyMode(page: Page, mode: 'light' | 'dark') {
  await page.evaluate((next) => {
    const root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(next);
    root.style.colorScheme = next;
  }, mode);
}

async function expectAccessibleAsShown(page: Page, label: string) {
  // Contrast is judged on what settles on screen, not on a toast or dialog halfway through fading in or
  // out. A toast's timer can run out while axe works (a second or more on two busy cores); then the
  // verdict was taken on a screen in motion, and the check is taken again on the settled one.
  let bad: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    await settled(page);
    const before = await toastStates(page);
    const results = await new AxeBuilder({ page }).analyze();
    bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    if (bad.length === 0 || (await toastStates(page)) === before) break;
  }
  expect(
    bad.map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('; ')}`,
    ),
  ).toEqual([]);
}

async function settled(page: Page) {
  await page.waitForFunction(
    async () => {
      await Promise.all(
        document.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
      );
      const toasts = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')];
      return toasts.every((toast) => getComputedStyle(toast).opacity === '1');
    },
    undefined,
    { polling: 100, timeout: 5_000 },
  );
}

/** Which toasts are on screen and whether each is open or closing, as one comparable string. */
function toastStates(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')]
      .map((toast) => `${toast.id}:${toast.getAttribute('data-state')}`)
      .join(' '),
  );
}

/** Every page must run under the server's CSP: a violation is a test failure. */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text()))
          violations.push(msg.text());
      });
      await use(violations);
      expect(violations, 'CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Opens the /admin page that lists `email`. Other journeys create users at the same time, so a row
 * moves between pages (newest first, 5 a page): look for it page by page.
 */
export async function openAdminPageWith(page: Page, email: string) {
  const token = await apiToken(E2E.superuser.email, E2E.superuser.password);
  const { body } = await apiCall(token, 'GET', '/users/?limit=1000');
  const index = (body.data as { email: string }[]).findIndex((u) => u.email === email);
  const first = Math.max(1, Math.floor(index / 5) + 1);
  for (let n = first; n < first + 5; n++) {
    await page.goto(`/admin?page=${n}`);
    await expect(page.getByRole('heading', { name: 'Users Management' })).toBeVisible();
    await expect(page.getByRole('table').locator('tbody')).toHaveAttribute('aria-busy', 'false');
    const row = page.getByRole('row').filter({ hasText: email });
    if ((await row.count()) > 0) return row;
  }
  throw new Error(`no /admin page lists ${email}`);
}
