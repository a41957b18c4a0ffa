import type { Page } from '@playwright/test';
import { listPaging } from '../support/paging.ts';
import { E2E } from './env.ts';
import { apiCall, apiToken, createAccount, expect, expectAccessible, logIn, test } from './fixtures';

/**
 * The screens at a phone's width (390×844), checked with axe in light and dark: every row's title and
 * actions reachable without scrolling sideways, empty and past-the-end lists, the sign-in column, dialogs
 * clear of the screen's edges.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** Whether an element lies wholly inside the viewport's width. */
async function inViewWidth(page: Page, selector: ReturnType<Page['locator']>) {
  const box = await selector.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

test('phone: /items rows keep title and actions in view; empty and past-the-end lists say so', async ({
  page,
}) => {
  const account = await createAccount();
  await logIn(page, account);
  await page.goto('/items');
  await expect(page.getByText("You don't have any items yet")).toBeVisible();
  await expectAccessible(page, 'empty /items at 390 px');

  const token = await apiToken(account.email, account.password);
  const items = listPaging('items');
  const count = items.rows(1, 2);
  for (let i = 1; i <= count; i++)
    await apiCall(token, 'POST', '/items/', {
      title: `Phone item ${i}`,
      description: `A description long enough to run past the edge of a phone's screen ${i}`,
    });
  await page.goto('/items');
  const rows = page.getByRole('row').filter({ hasText: 'Phone item' });
  await expect(rows).toHaveCount(items.pageSize);
  await expect(page.getByTestId('list-range')).toHaveText(items.showing(1, count));
  await expect(page.getByTestId('scroll-hint')).toBeVisible();
  for (const row of await rows.all()) {
    expect(await inViewWidth(page, row.getByRole('button', { name: /Actions for/ }))).toBe(true);
    expect(await inViewWidth(page, row.getByText(/^Phone item \d+$/))).toBe(true);
  }
  // No sideways scroll of the page itself: only the table scrolls.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, '/items at 390 px');

  // The edit dialog keeps a margin from the screen's edges and does not select the title.
  await rows
    .first()
    .getByRole('button', { name: /Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Edit Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(12);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390 - 12);
  const selected = await page.evaluate(() => {
    const input = document.activeElement as HTMLInputElement;
    return input.selectionEnd !== null && input.selectionStart !== input.selectionEnd;
  });
  expect(selected).toBe(false);
  await expectAccessible(page, 'Edit Item dialog at 390 px');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/items?page=99');
  await expect(page.getByText('Page 99 is past the end of the list.')).toBeVisible();
  const last = items.lastPage(count);
  await page.getByRole('button', { name: `Go to page ${last}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?page=${last}$`));
  await expect(page.getByTestId('list-range')).toHaveText(items.showing(last, count));
});

test('phone: /admin keeps names and actions in view', async ({ page }) => {
  await logIn(page, E2E.superuser);
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: /Actions for/ }).first()).toBeVisible();
  for (const row of await page
    .getByRole('row')
    .filter({ has: page.getByRole('button') })
    .all())
    expect(await inViewWidth(page, row.getByRole('button', { name: /Actions for/ }))).toBe(true);
  await expectAccessible(page, '/admin at 390 px');
});

test('phone: the sign-in screens share one column width and each has its own title', async ({ page }) => {
  const widths: number[] = [];
  for (const [path, title] of [
    ['/login', 'Log In'],
    ['/signup', 'Sign Up'],
    ['/recover-password', 'Password Recovery'],
    ['/reset-password?token=x', 'Reset Password'],
  ] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} - Full Stack Project`);
      const column = await page.locator('main > form').boundingBox();
      widths.push(Math.round(column?.width ?? 0));
    }
  }
  // 24rem on a desktop, the screen less its padding on a phone, the same on every screen.
  expect(new Set(widths.filter((_, i) => i % 2 === 0))).toEqual(new Set([384]));
  expect(new Set(widths.filter((_, i) => i % 2 === 1))).toEqual(new Set([358]));
  await page.goto('/reset-password');
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  await expectAccessible(page, '/reset-password without a token at 390 px');
});

/** Every visible button and link of the page narrower or shorter than 44 px, named (issue 27.9). */
async function smallTargets(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, a[href], [role="tab"], [role="menuitem"]')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
        return { name, width: Math.round(box.width), height: Math.round(box.height) };
      })
      .filter(({ width, height }) => width < 44 || height < 44),
  );
}

test('phone: touch targets are at least 44×44 px; the settings tabs are all in view', async ({ page }) => {
  for (const path of ['/login', '/signup', '/recover-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await smallTargets(page), path).toEqual([]);
  }
  const account = await createAccount();
  const token = await apiToken(account.email, account.password);
  for (let i = 1; i <= 6; i++) await apiCall(token, 'POST', '/items/', { title: `Target ${i}` });
  await logIn(page, account);
  await page.goto('/items');
  await expect(page.getByRole('button', { name: /Actions for/ }).first()).toBeVisible();
  expect(await smallTargets(page), '/items').toEqual([]);
  await page
    .getByRole('button', { name: /Actions for/ })
    .first()
    .click();
  await expect(page.getByRole('menuitem', { name: 'Edit Item' })).toBeVisible();
  expect(await smallTargets(page), '/items row menu').toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto('/settings');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  for (const tab of await tabs.all()) {
    expect(await inViewWidth(page, tab), (await tab.textContent()) ?? '').toBe(true);
    expect((await tab.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, '/settings at 390 px');
});

test('login and signup: one message per field, and errors do not move the column', async ({ page }) => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    for (const [path, button] of [
      ['/login', 'Log In'],
      ['/signup', 'Sign Up'],
    ] as const) {
      await page.goto(path);
      const logo = page.getByRole('img', { name: 'Full Stack Project' });
      const heading = page.getByRole('heading', { level: 1 });
      const before = [(await logo.boundingBox())?.y, (await heading.boundingBox())?.y];
      await page.getByRole('button', { name: button }).click();
      await expect(page.locator('[data-part="error-text"]').first()).toBeVisible();
      expect([(await logo.boundingBox())?.y, (await heading.boundingBox())?.y], path).toEqual(before);
      // Each field shows one message: its error, no hint line beside it.
      for (const field of await page.locator('main [data-part="root"]').all()) {
        expect(await field.locator('[data-part="error-text"], [data-part="helper-text"]').count()).toBe(1);
      }
      await expectAccessible(page, `${path} with errors at ${viewport.width} px`);
    }
  }
});
