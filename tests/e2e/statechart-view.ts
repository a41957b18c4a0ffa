import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Measures of the /statecharts diagram as Chromium draws it (the viewer's view rules, issue #27 item 19). */

/** The smallest shown text of the diagram as drawn on screen: each text's computed font size times the SVG's scale. */
export function smallestTextPx(page: Page): Promise<number> {
  return page.getByTestId('statechart').evaluate((pane) => {
    const drawing = pane.querySelector('svg[aria-label="statechart"]');
    const shown = [...(drawing?.querySelectorAll('text') ?? [])].filter(
      (text) => text.getClientRects().length,
    );
    const sizes = shown.map(
      (text) =>
        Number.parseFloat(getComputedStyle(text).fontSize) *
        ((text as SVGGraphicsElement).getScreenCTM()?.a ?? 0),
    );
    return sizes.length ? Math.min(...sizes) : 0;
  });
}

/** Whether `inner` lies wholly inside the diagram's pane. */
export async function insidePane(page: Page, inner: Locator): Promise<boolean> {
  const pane = await page.getByTestId('statechart').boundingBox();
  const box = await inner.boundingBox();
  if (!pane || !box) return false;
  return (
    box.x >= pane.x &&
    box.y >= pane.y &&
    box.x + box.width <= pane.x + pane.width &&
    box.y + box.height <= pane.y + pane.height
  );
}

/** The followed (deepest active) states' boxes and every line of their text lie whole in the pane. */
export async function expectFollowedStateInPane(page: Page) {
  const shapes = page.getByTestId('statechart').locator('[data-active]:not([data-compound]) > *');
  await expect(shapes.first()).toBeAttached();
  // The view moves in an effect after the highlight: poll until it has.
  await expect
    .poll(async () => {
      const all = await shapes.all();
      const placed = await Promise.all(all.map((shape) => insidePane(page, shape)));
      return placed.length > 0 && placed.every(Boolean);
    })
    .toBe(true);
}
