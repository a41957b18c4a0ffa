import type { Page } from '@playwright/test';
import { listPaging } from '../support/paging.ts';
import { E2E } from './env.ts';
import { apiCall, apiToken, createAccount, expect, expectAccessible, logIn, test } from './fixtures';

/**
 * The screens at a phone's width (390×844), checked with axe in light and dark: the lists as cards, every
 * row's title and actions reachable without scrolling sideways, empty and past-the-end lists, the sign-in column, dialogs
 * clear of the screen's edges.
 */
test.use({ viewport: { width: 390, height: 844 } });

/**
 * The list as cards (issue 27.8): no sideways scroll of the page or of the list, the header row out of
 * sight, each row a card in the view's width whose cells are lines one below the other, each led by its
 * column's name (the header's text, drawn by CSS), and the row's menu a 44×44 px target in the card.
 */
async function expectCards(page: Page, rows: ReturnType<Page['locator']>) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const scroller = await page.locator('table').evaluate((table) => {
    const box = table.parentElement as HTMLElement;
    return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
  });
  expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
  const headers = await page.getByRole('columnheader').allTextContents();
  // The header row stays for screen readers, in a 1 px box that clips it.
  const header = await page.locator('thead').boundingBox();
  expect((header?.width ?? 0) * (header?.height ?? 0)).toBeLessThanOrEqual(1);
  expect(await rows.count()).toBeGreaterThan(0);
  for (const row of await rows.all()) {
    expect(await inViewWidth(page, row)).toBe(true);
    const cells = await row.getByRole('cell').evaluateAll((elements) =>
      elements.map((cell) => ({
        label: getComputedStyle(cell, '::before').content,
        top: cell.getBoundingClientRect().top,
      })),
    );
    expect(cells).toHaveLength(headers.length);
    // Every field but Actions is labelled with its column's name, lines going down the card.
    expect(cells.slice(0, -1).map((cell) => cell.label)).toEqual(
      headers.slice(0, -1).map((name) => `${JSON.stringify(name)} / ""`),
    );
    for (let i = 1; i < cells.length - 1; i++)
      expect(cells[i]?.top ?? 0).toBeGreaterThan(cells[i - 1]?.top ?? 0);
    const menu = await row.getByRole('button', { name: /Actions for/ }).boundingBox();
    const card = await row.boundingBox();
    expect(menu?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(menu?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect((menu?.x ?? 0) + (menu?.width ?? 0)).toBeLessThanOrEqual((card?.x ?? 0) + (card?.width ?? 0));
  }
  await expect(page.getByText(/Scroll sideways/)).toHaveCount(0);
}

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
  await expectCards(page, rows);
  for (const row of await rows.all()) {
    expect(await inViewWidth(page, row.getByRole('button', { name: /Actions for/ }))).toBe(true);
    expect(await inViewWidth(page, row.getByText(/^Phone item \d+$/))).toBe(true);
  }
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

test('phone: /admin is a column of cards with names and actions in view', async ({ page }) => {
  await logIn(page, E2E.superuser);
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: /Actions for/ }).first()).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByRole('button') });
  for (const row of await rows.all())
    expect(await inViewWidth(page, row.getByRole('button', { name: /Actions for/ }))).toBe(true);
  await expectCards(page, rows);
  expect(await smallTargets(page), '/admin').toEqual([]);
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

  // The dashboard's e-mail notice (a new account is unconfirmed), the user menu and the drawer.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Resend code' })).toBeVisible();
  expect(await smallTargets(page), '/ with the e-mail notice').toEqual([]);
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  expect(await smallTargets(page), 'user menu').toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Open Menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await smallTargets(page), 'drawer').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.goto('/settings');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  for (const tab of await tabs.all()) {
    expect(await inViewWidth(page, tab), (await tab.textContent()) ?? '').toBe(true);
    expect((await tab.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // My profile's own controls: Edit, the photo's and the asset's buttons, the plans.
  await expect(page.getByRole('button', { name: 'Switch to Plan 1' })).toBeVisible();
  expect(await smallTargets(page), '/settings My profile').toEqual([]);
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
