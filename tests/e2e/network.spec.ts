import type { Page, Route } from '@playwright/test';
import { CALL_TIME_LIMITS, NETWORK_MESSAGE, TIMEOUT_MESSAGE } from '../../src/api/errors.ts';
import { apiCall, apiToken, createAccount, expect, logIn, test } from './fixtures.ts';

/** The Items list on a misbehaving network: faults are injected per request with page.route. */

const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
const isListRead = (route: Route) => route.request().method() === 'GET';

async function openItems(page: Page) {
  const account = await createAccount();
  await logIn(page, account);
  return { account, token: await apiToken(account.email, account.password) };
}

test('a list answering 500 says so, retries visibly, fails with Try again, which works', async ({ page }) => {
  const { token } = await openItems(page);
  await apiCall(token, 'POST', '/items/', { title: 'Kept item' });
  let failing = true;
  let asked = 0;
  await page.route('**/api/v1/items/?*', (route) => {
    if (!isListRead(route) || !failing) return route.continue();
    asked += 1;
    return route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
  });
  await page.goto('/items');
  await expect(page.getByText('Retrying…')).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'The server failed (500 Internal Server Error)' });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  // Bounded: the first call and two retries, then no more until the user asks.
  expect(asked).toBe(3);
  await expect(page.getByTestId('empty-list')).toHaveCount(0);
  await expect(page.getByRole('table').locator('tbody')).not.toHaveAttribute('aria-busy', 'true');
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(rows(page).filter({ hasText: 'Kept item' })).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('a create never answered ends in the time limit, the dialog usable; Save again creates one item', async ({
  page,
}) => {
  test.setTimeout(CALL_TIME_LIMITS.write + 60_000);
  const { token } = await openItems(page);
  const keys: (string | null)[] = [];
  // The create given up on is cancelled by the browser (the form's AbortSignal), not left hanging.
  const cancelled: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.method() === 'POST') cancelled.push(request.failure()?.errorText ?? '');
  });
  await page.route('**/api/v1/items/', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(await route.request().headerValue('idempotency-key'));
    // The first create reaches the server, but its answer never reaches the browser.
    if (keys.length === 1) await route.fetch();
    else await route.continue();
  });
  await page.goto('/items');
  await page.getByRole('button', { name: 'Add Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  await dialog.getByLabel('Title').fill('Train item');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(TIMEOUT_MESSAGE)).toBeVisible({ timeout: CALL_TIME_LIMITS.write + 10_000 });
  await expect(dialog.getByLabel('Title')).toHaveValue('Train item');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  await expect.poll(() => cancelled).toEqual(['net::ERR_ABORTED']);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Item created successfully.')).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const listed = await apiCall(token, 'GET', '/items/?limit=100');
  expect(listed.body.data.filter((item: { title: string }) => item.title === 'Train item')).toHaveLength(1);
});

test('offline: a banner, a save that keeps its dialog and says why, saved once back', async ({
  page,
  context,
}) => {
  await openItems(page);
  await page.goto('/items');
  await expect(page.getByTestId('empty-list')).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('You are offline.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Item' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  await dialog.getByLabel('Title').fill('Offline item');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(NETWORK_MESSAGE)).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveValue('Offline item');
  // Back online, the same Save goes through: nothing typed was lost.
  await context.setOffline(false);
  await expect(page.getByText('You are offline.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(rows(page).filter({ hasText: 'Offline item' })).toBeVisible();
});

test('a list that failed offline loads by itself when the network comes back', async ({ page, context }) => {
  const { token } = await openItems(page);
  await apiCall(token, 'POST', '/items/', { title: 'Back online' });
  // The screen's code is loaded once online; offline, the list's call fails (retried twice, then shown).
  await page.goto('/items');
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await context.setOffline(true);
  await apiCall(token, 'POST', '/items/', { title: 'Added elsewhere' });
  await page.getByRole('link', { name: 'Items' }).first().click();
  await expect(page.getByRole('alert').filter({ hasText: NETWORK_MESSAGE })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  // Nobody presses Try again: the network coming back asks for the page afresh.
  await context.setOffline(false);
  await expect(rows(page).filter({ hasText: 'Added elsewhere' })).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});
