import type { Page } from '@playwright/test';
import { E2E } from './env.ts';
import { expect, logIn, test } from './fixtures.ts';

// The spec's colours: main #009688, danger #E53E3E, success #48BB78.
const MAIN = 'rgb(0, 150, 136)';
const DANGER = 'rgb(229, 62, 62)';
const SUCCESS = 'rgb(72, 187, 120)';

async function setMode(page: Page, mode: 'light' | 'dark') {
  await page.evaluate((next) => {
    document.documentElement.classList.remove('light', 'dark');
    document.documentElement.classList.add(next);
  }, mode);
}

const navNames = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts();

test('navigation lists Dashboard, User Settings, Items, Admin in the sidebar and the drawer', async ({
  page,
}) => {
  await logIn(page, E2E.superuser);
  await expect.poll(() => navNames(page)).toEqual(['Dashboard', 'User Settings', 'Items', 'Admin']);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open Menu' }).click();
  await expect.poll(() => navNames(page)).toEqual(['Dashboard', 'User Settings', 'Items', 'Admin']);
});

test("the spec's colours mark focus, the active page, status dots and tabs, light and dark", async ({
  page,
}) => {
  await logIn(page, E2E.superuser);
  for (const mode of ['light', 'dark'] as const) {
    await setMode(page, mode);
    await page.goto('/items');
    const active = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Items' });
    await expect(active.locator('> *')).toHaveCSS('border-inline-start-color', MAIN);
    const inactive = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' });
    await expect(inactive.locator('> *')).toHaveCSS('border-inline-start-color', 'rgba(0, 0, 0, 0)');

    // A keyboard focus ring on a teal button.
    const add = page.getByRole('button', { name: 'Add Item' });
    await add.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(add).toBeFocused();
    await expect(add).toHaveCSS('outline-color', MAIN);
    // Fills with white text keep the darker shade (WCAG AA 4.5:1): #00796B.
    await expect(add).toHaveCSS('background-color', 'rgb(0, 121, 107)');

    // Status dots sit beside their text, so they take the spec's colours as they are.
    await page.goto('/admin');
    await expect(page.getByRole('table').locator('tbody')).toHaveAttribute('aria-busy', 'false');
    for (const row of await page.locator('tbody tr').all()) {
      for (const [column, good] of [
        [3, 'Active'],
        [5, 'Confirmed'],
      ] as const) {
        const cell = row.locator('td').nth(column);
        const colour = (await cell.innerText()).trim() === good ? SUCCESS : DANGER;
        await expect(cell.locator('span[aria-hidden="true"]')).toHaveCSS('background-color', colour);
      }
    }

    await page.goto('/settings');
    const tab = page.getByRole('tab', { name: 'My profile' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await tab.evaluate((el) => getComputedStyle(el, '::before').backgroundColor)).toBe(MAIN);
  }
});
