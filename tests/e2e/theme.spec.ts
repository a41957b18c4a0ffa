import type { Page } from '@playwright/test';
import { E2E } from './env.ts';
import { createAccount, expect, expectAccessible, logIn, test } from './fixtures.ts';

// The spec's colours: main #009688, danger #E53E3E, success #48BB78.
const MAIN = 'rgb(0, 150, 136)';
const DANGER = 'rgb(229, 62, 62)';
const SUCCESS = 'rgb(72, 187, 120)';
// The main colour's AA shade (MAIN_AA_SHADE in src/ui/system.ts): text, and fills that carry text or a
// white mark. On the dark page teal text takes teal.300 instead.
const MAIN_AA = 'rgb(0, 121, 107)';
const TEAL_300 = 'rgb(94, 234, 212)';

/** WCAG's contrast ratio of two computed `rgb(…)` colours (opaque). */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((channel) => {
      const c = Number(channel) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const css = (locator: ReturnType<Page['locator']>, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

async function setMode(page: Page, mode: 'light' | 'dark') {
  await page.evaluate((next) => {
    document.documentElement.classList.remove('light', 'dark');
    document.documentElement.classList.add(next);
  }, mode);
  // Buttons ease their colours over 200 ms: read them once the change has run.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/** The page's own background: the first opaque one from <body> up, white when none is set. */
const pageBackground = (page: Page) =>
  page.evaluate(() => {
    for (const element of [document.body, document.documentElement]) {
      const colour = getComputedStyle(element).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
    }
    return 'rgb(255, 255, 255)';
  });

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

test('one rule for the main colour: the primary button, the logo and the 404 figure take its AA shade', async ({
  page,
}) => {
  for (const mode of ['light', 'dark'] as const) {
    await page.goto('/login');
    await setMode(page, mode);
    const pageBg = await pageBackground(page);
    const button = page.getByRole('button', { name: 'Log In' });
    const logo = page.getByRole('img', { name: 'Full Stack Project' });
    const tile = logo.locator('rect');
    const word = logo.getByText('Full Stack');

    // Fills that carry white: the button's and the logo's tile, one shade in both modes.
    const fill = await css(button, 'background-color');
    expect(fill, mode).toBe(MAIN_AA);
    expect(await css(tile, 'fill'), mode).toBe(fill);
    expect(contrast(fill, await css(button, 'color'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(fill, await css(logo.locator('path'), 'fill'))).toBeGreaterThanOrEqual(4.5);

    // Teal text: the logo's word and the 404 figure, the AA shade on white, teal.300 on the dark page.
    const text = mode === 'light' ? MAIN_AA : TEAL_300;
    expect(await css(word, 'color'), mode).toBe(text);
    expect(contrast(text, pageBg)).toBeGreaterThanOrEqual(4.5);
    await page.goto('/no-such-page');
    await setMode(page, mode);
    expect(await css(page.getByText('404', { exact: true }), 'color'), mode).toBe(text);
  }
});

test('dark mode surfaces: menus stand off the page, a disabled button stays legible, the notice reads as one', async ({
  page,
}) => {
  // A new account has an unconfirmed address: the dashboard shows the notice, its Confirm disabled until a
  // code is typed.
  await logIn(page, await createAccount());
  for (const mode of ['light', 'dark'] as const) {
    await setMode(page, mode);
    const pageBg = await pageBackground(page);
    const heading = page.getByRole('heading', { name: 'Confirm your email address' });
    const notice = page.locator('section').filter({ has: heading });
    const noticeBg = await css(notice, 'background-color');
    const confirm = notice.getByRole('button', { name: 'Confirm' });
    await expect(confirm).toBeDisabled();
    // Dim but legible: its label against its own fill, and against the notice.
    const confirmBg = await css(confirm, 'background-color');
    expect(await css(confirm, 'opacity')).toBe('1');
    expect(contrast(await css(confirm, 'color'), confirmBg), mode).toBeGreaterThanOrEqual(4.5);
    expect(contrast(await css(confirm, 'color'), noticeBg), mode).toBeGreaterThanOrEqual(3);
    // The notice's heading reads against its panel; the panel is not the page.
    expect(contrast(await css(heading, 'color'), noticeBg), mode).toBeGreaterThanOrEqual(4.5);
    expect(noticeBg).not.toBe(pageBg);

    // The user menu's popover: its own surface and an edge that shows against the page.
    await page.getByTestId('user-menu').click();
    const menu = page.getByRole('menu');
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    const menuBg = await css(menu, 'background-color');
    expect(contrast(await css(menu, 'border-top-color'), pageBg), mode).toBeGreaterThanOrEqual(
      mode === 'dark' ? 1.8 : 1.2,
    );
    if (mode === 'dark') expect(menuBg).not.toBe(pageBg);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }
  await expectAccessible(page, 'dashboard with the confirmation notice');
});
