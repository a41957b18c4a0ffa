import { listPaging } from '../support/paging.ts';
import { apiCall, apiToken, createAccount, expect, expectAccessible, logIn, test } from './fixtures.ts';

const items = listPaging('items');
/** Row numbers padded, so that one title is never the start of another ('Item 02', not 'Item 2' of 'Item 21'). */
const numbered = (n: number) => String(n).padStart(2, '0');

const table = (page: import('@playwright/test').Page) => page.getByRole('table');
const rows = (page: import('@playwright/test').Page) => table(page).locator('tbody tr');

test('items: add with validation, edit, delete', async ({ page }) => {
  // A whole journey with three axe scans (~6 s each on a busy 2-core machine): more than 45 s there.
  test.slow();
  const account = await createAccount();
  await logIn(page, account);
  await page.getByRole('link', { name: 'Items' }).first().click();
  await expect(page.getByRole('heading', { name: 'Items Management' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'Add Item modal');
  await dialog.getByLabel('Title').fill('x');
  await dialog.getByLabel('Title').fill('');
  await dialog.getByLabel('Description').click();
  await expect(dialog.getByText('Title is required.')).toBeVisible();
  await dialog.getByLabel('Title').fill('First item');
  await dialog.getByLabel('Description').fill('Its description');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Item created successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows(page).filter({ hasText: 'First item' })).toContainText('Its description');

  await page.getByRole('button', { name: 'Actions for First item' }).click();
  await page.getByRole('menuitem', { name: 'Edit Item' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(edit.getByLabel('Title')).toHaveValue('First item');
  await edit.getByLabel('Title').fill('');
  await edit.getByLabel('Description').click();
  await expect(edit.getByText('Title is required', { exact: true })).toBeVisible();
  await expectAccessible(page, 'Edit Item modal with a field error');
  await edit.getByLabel('Title').fill('Renamed item');
  await edit.getByLabel('Description').fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Item updated successfully.')).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Renamed item' })).toContainText('N/A');

  await page.getByRole('button', { name: 'Actions for Renamed item' }).click();
  await page.getByRole('menuitem', { name: 'Delete Item' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Item' });
  await expect(confirm.getByText('Are you sure? You will not be able to undo this action.')).toBeVisible();
  await expectAccessible(page, 'Delete Item modal');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The item was deleted successfully.')).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Renamed item' })).toHaveCount(0);
});

test('items: the Change Password Item quirk opens the user password form', async ({ page }) => {
  const account = await createAccount();
  const token = await apiToken(account.email, account.password);
  await apiCall(token, 'POST', '/items/', { title: 'Quirky' });
  await logIn(page, account);
  await page.goto('/items');
  await page.getByRole('button', { name: 'Actions for Quirky' }).click();
  await page.getByRole('menuitem', { name: 'Change Password Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog.getByLabel('Set Password')).toBeVisible();
  await expectAccessible(page, 'Change Password (Edit User) modal');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test("items: the quirk's refused save is an 'Error' toast and the user stays signed in", async ({ page }) => {
  const account = await createAccount();
  const token = await apiToken(account.email, account.password);
  await apiCall(token, 'POST', '/items/', { title: 'Refused' });
  await logIn(page, account);
  await page.goto('/items');
  await page.getByRole('button', { name: 'Actions for Refused' }).click();
  await page.getByRole('menuitem', { name: 'Change Password Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByLabel('Set Password').fill('another-pass-123');
  await dialog.getByLabel('Confirm Password').fill('another-pass-123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // PATCH /users/{item id} as a normal user: 403 'The user doesn't have enough privileges'.
  await expect(page.getByText("The user doesn't have enough privileges")).toBeVisible();
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/items(\?|$)/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: 'User Settings' }).first().click();
  await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
});

test('items: paging across two full pages and a short one with Next, Previous and ?page=', async ({
  page,
}) => {
  test.slow(); // three pages of rows created through the API and walked: over 45 s on a busy machine
  const account = await createAccount();
  const token = await apiToken(account.email, account.password);
  const count = items.rows(2, 2);
  for (let i = 1; i <= count; i++) await apiCall(token, 'POST', '/items/', { title: `Item ${numbered(i)}` });
  await logIn(page, account);
  await page.goto('/items');
  // Dimmed placeholder rows are meant to look faded; check contrast once the page has settled.
  await expect(table(page).locator('tbody')).toHaveAttribute('aria-busy', 'false');
  await expectAccessible(page, '/items');
  const next = page.getByRole('button', { name: 'Next' });
  const previous = page.getByRole('button', { name: 'Previous' });
  // Newest first: page 1 holds the last page size's worth of items, from the newest down.
  await expect(rows(page)).toHaveCount(items.pageSize);
  await expect(rows(page).first()).toContainText(`Item ${numbered(items.firstOn(1, count))}`);
  await expect(page.getByText('Page 1')).toBeVisible();
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(rows(page).first()).toContainText(`Item ${numbered(items.firstOn(2, count))}`);
  await next.click();
  await expect(page).toHaveURL(/[?&]page=3/);
  await expect(rows(page)).toHaveCount(items.rowsOn(3, count));
  await expect(next).toBeDisabled();
  await previous.click();
  await expect(page.getByText('Page 2')).toBeVisible();

  await page.goto('/items?page=3');
  await expect(rows(page).first()).toContainText(`Item ${numbered(items.firstOn(3, count))}`);
  for (const bad of ['abc', '-1', '0', '1.5']) {
    await page.goto(`/items?page=${bad}`);
    await expect(page.getByText('Page 1'), `page=${bad}`).toBeVisible();
    await expect(rows(page).first()).toContainText(`Item ${numbered(count)}`);
  }
});

test('items: 4 skeleton rows while loading, dimmed rows while a page that was not prefetched loads', async ({
  page,
}) => {
  const account = await createAccount();
  const token = await apiToken(account.email, account.password);
  const count = items.rows(2, 1);
  for (let i = 1; i <= count; i++) await apiCall(token, 'POST', '/items/', { title: `Slow ${numbered(i)}` });
  await logIn(page, account);
  // Hold list answers while `holding` is set, so the loading states stay on screen long enough to see.
  let holding = true;
  let release: () => void = () => {};
  let held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/v1/items/?*', async (route) => {
    if (holding) await held;
    await route.continue();
  });
  await page.goto('/items');
  await expect(rows(page)).toHaveCount(4);
  await expect(table(page).locator('tbody')).toHaveAttribute('aria-busy', 'true');
  holding = false;
  release();
  await expect(rows(page).first()).toContainText(`Slow ${numbered(count)}`);
  // Page 2 was prefetched, so it shows at once; page 3's prefetch is held back.
  held = new Promise<void>((r) => {
    release = r;
  });
  holding = true;
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(rows(page).first()).toContainText(`Slow ${numbered(items.firstOn(2, count))}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(table(page).locator('tbody')).toHaveAttribute('data-placeholder', 'true');
  await expect(table(page).locator('tbody')).toHaveCSS('opacity', '0.5');
  await expect(rows(page).first()).toContainText(`Slow ${numbered(items.firstOn(2, count))}`);
  holding = false;
  release();
  await expect(rows(page).first()).toContainText(`Slow ${numbered(items.firstOn(3, count))}`);
  await expect(table(page).locator('tbody')).not.toHaveAttribute('data-placeholder', 'true');
});

test('items: cut titles and descriptions fill their columns and show in full on hover and keyboard focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const account = await createAccount();
  const token = await apiToken(account.email, account.password);
  const title = 'A title far too long for the one hundred and fifty pixels of its column';
  await apiCall(token, 'POST', '/items/', { title: 'Short', description: 'Also short' });
  await apiCall(token, 'POST', '/items/', { title, description: null });
  await logIn(page, account);
  await page.goto('/items');
  const long = rows(page).filter({ hasText: 'A title far too long' });
  await expect(long).toHaveCount(1);

  // The Title and Description columns are the cut's 150 px and the cell's padding, and the table is
  // as wide as its columns: no empty room beside the cut text.
  const widths = await page
    .getByRole('columnheader')
    .evaluateAll((headers) => headers.map((header) => header.getBoundingClientRect().width));
  const padding = await page
    .getByRole('columnheader', { name: 'Title' })
    .evaluate((header) => Number.parseFloat(getComputedStyle(header).paddingInlineStart) * 2);
  expect(Math.round(widths[1] ?? 0)).toBe(150 + padding);
  expect(Math.round(widths[2] ?? 0)).toBe(150 + padding);
  const tableWidth = (await table(page).boundingBox())?.width ?? 0;
  expect(Math.abs(tableWidth - widths.reduce((sum, width) => sum + width, 0))).toBeLessThanOrEqual(1);
  // The ID column is narrower than Title (issue 37: a whole UUID was wider than Title and Description
  // together): each ID is cut, and so a tab stop whose tooltip holds the whole UUID. Short texts are not.
  expect(widths[0] ?? 0).toBeLessThan(widths[1] ?? 0);
  const longId = long.getByRole('cell').first().locator('span');
  const uuid = (await longId.textContent()) ?? '';
  expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f-]{27}$/);
  expect(await longId.evaluate((span) => span.scrollWidth > span.clientWidth)).toBe(true);
  const cut = long.getByText(title);
  await expect(cut).toHaveAttribute('tabindex', '0');
  const short = rows(page).filter({ hasText: 'Short' });
  await expect(short.locator('[tabindex="0"]')).toHaveCount(1);
  await expect(short.getByText('Short', { exact: true })).not.toHaveAttribute('tabindex', '0');

  // Keyboard: Tab from the Add button reaches the first row's cut ID, then its cut title; each
  // one's tooltip holds the whole text.
  await page.getByRole('button', { name: 'Add Item' }).focus();
  await page.keyboard.press('Tab');
  await expect(longId).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText(uuid);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(cut).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText(title);
  await expect(cut).toHaveAttribute('aria-describedby', /.+/);
  await expectAccessible(page, '/items with a tooltip');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // Pointer: hovering shows it too.
  await page.mouse.move(0, 0);
  await cut.hover();
  await expect(page.getByRole('tooltip')).toHaveText(title);
});
