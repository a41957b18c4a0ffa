import { expect, expectAccessible, test } from './fixtures.ts';
import { expectFollowedStateInPane, smallestTextPx } from './statechart-view.ts';

// The viewer's view at a desktop's and a phone's size (issue #27 item 19): the first view's text is
// readable, the state the Simulator and Live panels follow is whole in the pane, the machine list
// does not run off a phone, and the pressed panel button keeps its contrast under the pointer.

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`the statechart viewer on a ${size.name} (${size.width}×${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('opens the big machine with readable labels; the Simulator keeps the followed state whole in the pane', async ({
      page,
    }) => {
      test.slow(); // the viewer's chunk (elkjs) and axe in both colour modes on a busy machine
      await page.goto('/statecharts?machine=session');
      await expect(page.getByRole('heading', { name: 'session', level: 2 })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('statechart').locator('[data-state]').first()).toBeAttached();
      expect(await smallestTextPx(page)).toBeGreaterThanOrEqual(11);
      // No sideways scroll of the page, and nothing outside the diagram's pane drawn past its edges.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      const overflowing = await page.evaluate((width) => {
        const pane = document.querySelector('[data-testid="statechart"]');
        return [...document.querySelectorAll('body *')]
          .filter((element) => !pane?.contains(element))
          .filter((element) => {
            const rect = element.getBoundingClientRect();
            return rect.width > 0 && (rect.left < -0.5 || rect.right > width + 0.5);
          })
          .map((element) => `${element.tagName} ${element.textContent?.slice(0, 30)}`);
      }, size.width);
      expect(overflowing).toEqual([]);

      // The Simulator follows the machine's first state: its box and title whole in the pane, labels still readable.
      await page.getByRole('button', { name: 'Simulator', exact: true }).click();
      await expect(page.getByTestId('simulator-state')).toHaveText('signedOut');
      await expectFollowedStateInPane(page);
      expect(await smallestTextPx(page)).toBeGreaterThanOrEqual(11);
      // The pointer still rests on the pressed button: axe judges its contrast as shown, hovered.
      await expect(page.getByRole('button', { name: 'Simulator', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expectAccessible(page, `/statecharts simulator at ${size.width} px, Simulator hovered`);

      // A step deeper into the machine: the new state is brought into the pane too.
      await page.getByTestId('simulator').getByRole('button', { name: 'session.login', exact: true }).click();
      await expect(page.getByTestId('simulator-state')).not.toHaveText('signedOut');
      await expectFollowedStateInPane(page);
    });

    test('a small machine starts at its top left at a readable size; the machine is chosen without overflow', async ({
      page,
    }) => {
      test.slow();
      await page.goto('/statecharts?machine=session');
      await expect(page.getByRole('heading', { name: 'session', level: 2 })).toBeVisible({ timeout: 60_000 });
      if (size.width < 1000) {
        await expect(page.getByRole('navigation', { name: 'Machines' })).toBeHidden();
        await page.getByLabel('Machine', { exact: true }).selectOption('accountDeletion');
      } else {
        await page
          .getByRole('navigation', { name: 'Machines' })
          .getByRole('button', { name: 'accountDeletion', exact: true })
          .click();
      }
      await expect(page.getByRole('heading', { name: 'accountDeletion', level: 2 })).toBeVisible();
      await expect(page).toHaveURL(/machine=accountDeletion/);
      const diagram = page.getByTestId('statechart');
      await expect(diagram.locator('[data-state]').first()).toBeAttached();
      expect(await smallestTextPx(page)).toBeGreaterThanOrEqual(11);
      // Too wide for the pane at a readable size even so: it starts at its top left corner, in the pane,
      // where the machine's initial state is drawn, and runs off to the right only.
      const pane = await diagram.boundingBox();
      const drawing = await diagram.locator('svg > g').boundingBox();
      expect(pane && drawing).toBeTruthy();
      if (pane && drawing) {
        expect(drawing.x).toBeGreaterThan(pane.x);
        expect(drawing.y).toBeGreaterThan(pane.y);
        expect(drawing.x - pane.x).toBeLessThan(pane.width / 10);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await expectAccessible(page, `/statecharts accountDeletion at ${size.width} px`);
    });
  });
}

test("the viewer's colour mode switch presses the mode in use: System on a dark OS is not shown as Light", async ({
  page,
}) => {
  test.slow();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/statecharts?machine=appearance');
  const modes = page.getByRole('group', { name: 'Colour mode' });
  await expect(modes.getByRole('button', { name: 'Light' })).toHaveAttribute('aria-pressed', 'true', {
    timeout: 60_000,
  });
  await modes.getByRole('button', { name: 'System' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  for (const [name, pressed] of [
    ['Light', 'false'],
    ['Dark', 'false'],
    ['System', 'true'],
  ] as const) {
    await expect(modes.getByRole('button', { name })).toHaveAttribute('aria-pressed', pressed);
  }
  await modes.getByRole('button', { name: 'Light' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});
