import { expect, expectAccessible, test } from './fixtures.ts';
import { expectFollowedStateInPane, insidePane, smallestTextPx } from './statechart-view.ts';

// The viewer's view at a desktop's and a phone's size (issue #27 item 19): the first view's text is
// readable, the state the Simulator and Live panels follow is whole in the pane, the machine list
// does not run off a phone, and the pressed panel button keeps its contrast under the pointer.

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`the statechart viewer on a ${size.name} (${size.width}×${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('opens the big machine whole in the pane with readable state names and a minimap; the Simulator keeps the followed state whole in the pane', async ({
      page,
    }) => {
      test.slow(); // the viewer's chunk (elkjs) and axe in both colour modes on a busy machine
      await page.goto('/statecharts?machine=session');
      await expect(page.getByRole('heading', { name: 'session', level: 2 })).toBeVisible({ timeout: 60_000 });
      const states = page
        .getByTestId('statechart')
        .locator('svg[aria-label="statechart"] [data-state] > rect');
      await expect(states.first()).toBeAttached();
      // Every state of the chart is in the pane at once, its name still at least 11 px on screen.
      await expect
        .poll(async () =>
          (await Promise.all((await states.all()).map((state) => insidePane(page, state)))).every(Boolean),
        )
        .toBe(true);
      expect(await smallestTextPx(page)).toBeGreaterThanOrEqual(11);
      await expect(page.getByTestId('minimap')).toBeVisible();
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

    test('a machine found by search opens whole; a compound state collapses and expands; an edge chosen in the list is brought into view', async ({
      page,
    }) => {
      test.slow();
      await page.goto('/statecharts?machine=session');
      await expect(page.getByRole('heading', { name: 'session', level: 2 })).toBeVisible({ timeout: 60_000 });
      await page.getByLabel('Search machines').fill('accountdel');
      if (size.width < 1000) {
        await expect(page.getByRole('navigation', { name: 'Machines' })).toBeHidden();
        // The select offers the machines found (and the one shown).
        await expect(page.getByLabel('Machine', { exact: true }).locator('option')).toHaveText([
          'session',
          'accountDeletion',
        ]);
        await page.getByLabel('Machine', { exact: true }).selectOption('accountDeletion');
      } else {
        const machines = page.getByRole('navigation', { name: 'Machines' });
        await expect(machines.getByRole('button')).toHaveText(['session', 'accountDeletion']);
        await machines.getByRole('button', { name: 'accountDeletion', exact: true }).click();
      }
      await expect(page.getByRole('heading', { name: 'accountDeletion', level: 2 })).toBeVisible();
      await expect(page).toHaveURL(/machine=accountDeletion/);
      const diagram = page.getByTestId('statechart');
      const drawn = diagram.locator('svg[aria-label="statechart"]');
      await expect(drawn.locator('[data-state]').first()).toBeAttached();
      await expect.poll(() => insidePane(page, drawn.locator('[data-state]').last())).toBe(true);
      expect(await smallestTextPx(page)).toBeGreaterThanOrEqual(11);

      // The compound state collapses to one box (its states and the edges between them leave the chart) and opens again.
      const compound = drawn.locator('[data-compound]').first();
      const id = await compound.getAttribute('data-state');
      const before = await drawn.locator('[data-state]').count();
      await compound.locator('.title').click();
      await expect(drawn.locator(`[data-state="${id}"][data-collapsed]`)).toBeAttached();
      await expect(drawn.locator('[data-state]')).not.toHaveCount(before);
      await drawn.locator(`[data-state="${id}"]`).click();
      await expect(drawn.locator('[data-state]')).toHaveCount(before);

      // Collapsed again, an edge of a state inside is chosen in the Edges list: the state opens and the edge is in view.
      await page.getByRole('button', { name: 'Collapse all' }).click();
      await expect(drawn.locator('[data-collapsed]').first()).toBeAttached();
      const edges = page.getByRole('list', { name: 'Edges' }).getByRole('button');
      const inner = edges.filter({ hasText: `${id?.split('.').slice(1).join('.')}.` }).first();
      const edgeId = (await inner.textContent())?.split('⟨')[0]?.trim() ?? '';
      await inner.click();
      await expect(drawn.locator('[data-collapsed]')).toHaveCount(0);
      await expect.poll(() => insidePane(page, drawn.locator(`[data-edge="${edgeId}"] > path`))).toBe(true);
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

test('the Coverage panel paints the chart: walked edges solid, the others dashed, unreachable ones greyed with the reason; x of N per kind on top', async ({
  page,
}) => {
  test.slow();
  await page.goto('/statecharts?machine=addItem&view=coverage');
  await expect(page.getByRole('heading', { name: 'addItem', level: 2 })).toBeVisible({ timeout: 60_000 });
  const summary = page.getByTestId('coverage-summary');
  const edgeCount = Number(
    /(\d+) edges/.exec((await page.getByText(/^\d+ edges$/).textContent()) ?? '')?.[1],
  );
  await expect(summary).toContainText(new RegExp(`Edges\\d+ of ${edgeCount} walked`));
  for (const kind of ['Guard outcomes', 'Transition pairs', 'Configurations'])
    await expect(summary).toContainText(new RegExp(`${kind}(\\d+ of \\d+ walked|none)`));
  const drawn = page.getByTestId('statechart').locator('svg[aria-label="statechart"]');
  const walked = drawn.locator('[data-coverage="walked"]');
  await expect(walked.first()).toBeAttached();
  const walkedCount = Number(/Edges(\d+) of/.exec((await summary.textContent()) ?? '')?.[1]);
  await expect(walked).toHaveCount(walkedCount);
  await expect(walked.first().locator('path')).not.toHaveAttribute('stroke-dasharray', /./);
  const others = drawn.locator('[data-coverage="not walked"], [data-coverage="unreachable"]');
  for (const other of await others.all())
    await expect(other.locator('path')).toHaveAttribute('stroke-dasharray', '6 4');
  const unreachable = drawn.locator('[data-coverage="unreachable"]');
  for (const edge of await unreachable.all()) {
    await expect(edge).toHaveAttribute('opacity', '0.45');
    await expect(edge.locator('title')).toContainText(/\(unreachable: .{10,}\)/);
  }
  // Outside the Coverage panel the chart is not painted.
  await page.getByRole('button', { name: 'Paths', exact: true }).click();
  await expect(drawn.locator('[data-coverage]')).toHaveCount(0);
  await expectAccessible(page, '/statecharts coverage painted');
});

test('on a phone, an event tapped in the Simulator keeps the page where it was (no jump to the top)', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/statecharts?machine=session&view=simulate');
  const event = page.getByTestId('simulator').getByRole('button', { name: 'session.login', exact: true });
  await expect(event).toBeVisible({ timeout: 60_000 });
  await event.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(100);
  await event.click();
  await expect(page.getByTestId('simulator-state')).not.toHaveText('signedOut');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
});

test("on a phone, Replay's source switch sticks below the diagram, never over it", async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/statecharts?machine=itemsPaging&view=replay');
  const sources = page.getByTestId('replay').getByRole('button', { name: 'Property paths', exact: true });
  await expect(sources).toBeVisible({ timeout: 60_000 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const pane = await page.getByTestId('statechart').boundingBox();
  const bar = await sources.boundingBox();
  expect(pane && bar, 'the diagram and the switch are drawn').toBeTruthy();
  expect(bar?.y ?? 0).toBeGreaterThanOrEqual((pane?.y ?? 0) + (pane?.height ?? 0));
});
