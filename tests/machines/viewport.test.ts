import { describe, expect, it } from 'vitest';
import { FONT_SIZE } from '../../src/qa/statecharts/layout';
import {
  type Box,
  fitWidthView,
  MIN_LABEL_PX,
  READABLE_SCALE,
  revealBox,
  revealFirstFitting,
  type View,
  wholeView,
} from '../../src/qa/statecharts/viewport';

// The viewer's view rules (issue #27 item 19), on the pure view functions: the pane sizes are the
// desktop canvas and a phone's; the drawings are a wide machine, a small one and a tall one.

const desktop = { width: 630, height: 600 };
const phone = { width: 364, height: 414 };
const wide = { width: 1900, height: 420 };
const small = { width: 260, height: 120 };
const tall = { width: 500, height: 2400 };

/** Where a drawing box lands in the pane under `view`. */
const onScreen = (view: View, box: Box) => ({
  left: view.x + box.x * view.scale,
  top: view.y + box.y * view.scale,
  right: view.x + (box.x + box.width) * view.scale,
  bottom: view.y + (box.y + box.height) * view.scale,
});

const inside = (view: View, box: Box, pane: { width: number; height: number }) => {
  const at = onScreen(view, box);
  return at.left >= 0 && at.top >= 0 && at.right <= pane.width && at.bottom <= pane.height;
};

describe('fitWidthView', () => {
  it('never shows the smallest text under MIN_LABEL_PX, however wide the drawing and narrow the pane', () => {
    for (const pane of [desktop, phone])
      for (const drawing of [wide, small, tall]) {
        const view = fitWidthView(drawing, pane);
        expect(FONT_SIZE * view.scale).toBeGreaterThanOrEqual(MIN_LABEL_PX - 1e-9);
      }
  });

  it('starts a drawing too wide for the pane at its left edge, in view, at the readable scale', () => {
    const view = fitWidthView(wide, phone);
    expect(view.scale).toBeCloseTo(READABLE_SCALE);
    const at = onScreen(view, { x: 0, y: 0, ...wide });
    expect(at.left).toBeGreaterThan(0);
    expect(at.left).toBeLessThan(phone.width / 10);
    expect(at.right).toBeGreaterThan(phone.width);
  });

  it('fills the pane width with a drawing that fits, centred', () => {
    const drawing = { width: 560, height: 200 };
    const view = fitWidthView(drawing, desktop);
    const at = onScreen(view, { x: 0, y: 0, ...drawing });
    expect(view.scale).toBeGreaterThan(READABLE_SCALE);
    expect(at.left).toBeCloseTo(desktop.width - at.right);
    expect(at.top).toBeCloseTo(desktop.height - at.bottom);
    expect(at.right - at.left).toBeGreaterThan(desktop.width * 0.9);
  });

  it('does not blow a small drawing up to the pane: its text stays about body size', () => {
    const view = fitWidthView(small, desktop);
    expect(FONT_SIZE * view.scale).toBeLessThanOrEqual(16);
    const at = onScreen(view, { x: 0, y: 0, ...small });
    expect(at.right - at.left).toBeLessThan(desktop.width * 0.6);
  });

  it('starts a drawing taller than the pane at its top', () => {
    const view = fitWidthView(tall, desktop);
    const at = onScreen(view, { x: 0, y: 0, ...tall });
    expect(at.top).toBeGreaterThan(0);
    expect(at.top).toBeLessThan(desktop.height / 10);
  });
});

describe('wholeView', () => {
  it('shows the whole drawing, below the readable scale if it must', () => {
    const view = wholeView(wide, phone);
    expect(inside(view, { x: 0, y: 0, ...wide }, phone)).toBe(true);
    expect(view.scale).toBeLessThan(READABLE_SCALE);
  });
});

describe('revealBox', () => {
  it('moves a state off the right of the pane whole into it, keeping the scale', () => {
    const start = fitWidthView(wide, desktop);
    const state = { x: 1800, y: 200, width: 90, height: 34 };
    expect(inside(start, state, desktop)).toBe(false);
    const view = revealBox(start, state, desktop);
    expect(view.scale).toBe(start.scale);
    expect(inside(view, state, desktop)).toBe(true);
  });

  it('zooms in to the readable scale from an overview', () => {
    const state = { x: 1800, y: 200, width: 90, height: 34 };
    const view = revealBox(wholeView(wide, phone), state, phone);
    expect(view.scale).toBeCloseTo(READABLE_SCALE);
    expect(inside(view, state, phone)).toBe(true);
  });

  it('shows the top left of a box wider than the pane (a compound state’s title), not its middle', () => {
    const start = fitWidthView(wide, phone);
    const box = { x: 300, y: 10, width: 1200, height: 60 };
    const at = onScreen(revealBox(start, box, phone), box);
    expect(at.left).toBeGreaterThanOrEqual(0);
    expect(at.left).toBeLessThan(phone.width / 10);
  });
});

describe('revealFirstFitting', () => {
  const state = { x: 1700, y: 200, width: 90, height: 34 };
  it('shows the state with its transitions’ labels when they fit together', () => {
    const around = { x: 1500, y: 150, width: 400, height: 160 };
    const view = revealFirstFitting(fitWidthView(wide, desktop), [around, state], desktop);
    expect(inside(view, around, desktop)).toBe(true);
  });

  it('falls back to the state alone when they do not', () => {
    const around = { x: 900, y: 150, width: 1000, height: 160 };
    const view = revealFirstFitting(fitWidthView(wide, phone), [around, state], phone);
    expect(inside(view, around, phone)).toBe(false);
    expect(inside(view, state, phone)).toBe(true);
  });
});
