import { expect, expectAccessible, test } from './fixtures.ts';

// The viewer shows the spec requirements each edge carries (src/qa/requirements) and filters the edges
// by one, at a desktop's and a phone's width.

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the statechart viewer filters the edges by requirement (${size.name})`, async ({ page }) => {
    test.slow(); // the viewer's chunk (elkjs) and axe in both colour modes
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/statecharts?machine=itemsPaging');
    await expect(page.getByRole('heading', { name: 'itemsPaging', level: 2 })).toBeVisible({
      timeout: 60_000,
    });
    const edges = page.getByRole('list', { name: 'Edges' }).getByRole('button');
    const all = await edges.count();
    await page
      .getByRole('list', { name: 'Requirements' })
      .getByRole('button', { name: /^R-FLOW-15 / })
      .click();
    await expect(page.getByRole('heading', { name: 'Filter by requirement (R-FLOW-15)' })).toBeVisible();
    // Next's guard, both outcomes: the only edges of the machine that carry R-FLOW-15.
    await expect(edges).toHaveCount(2);
    expect(all).toBeGreaterThan(2);
    for (const text of await edges.allTextContents()) expect(text).toMatch(/paging\.next.*R-FLOW-15/);
    await edges.first().click();
    const panel = page.getByTestId('edge-panel');
    await expect(
      panel
        .getByRole('list', { name: 'Requirements of the edge' })
        .getByText('Next is enabled only when the current page returned a full page of 5.'),
    ).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/requirements-${size.width}.png` });
    await expectAccessible(page, `/statecharts filtered by a requirement (${size.name})`);
    // Choosing it again shows every edge.
    await page
      .getByRole('list', { name: 'Requirements' })
      .getByRole('button', { name: /^R-FLOW-15 / })
      .click();
    await expect(edges).toHaveCount(all);
  });
}
