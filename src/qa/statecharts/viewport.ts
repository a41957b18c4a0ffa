import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { FONT_SIZE } from './layout';

/**
 * Pan and zoom of a drawing inside a pane: fitted to the pane's width by default, never below a
 * readable scale (and again when the drawing or the pane's size changes, until the user moves the
 * view); a drawing too big for the pane at that scale is panned. Mouse wheel and pinch zoom around the
 * pointer, drag to pan, keyboard (+ / - / 0 / arrows), `whole` for the whole drawing however small, and
 * `reveal` to bring a box into view.
 */

export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const MIN_SCALE = 0.1;
const MAX_SCALE = 4;
const MARGIN = 16;
const STEP = 1.25;
const PAN = 60;

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** The smallest text the drawing may show on screen, in CSS pixels (the fitted view and following keep it). */
export const MIN_LABEL_PX = 11;
/**
 * The scale at which the drawing's smallest text (FONT_SIZE: edge labels, a state's second lines) is
 * MIN_LABEL_PX tall, rounded up to the whole per cent the toolbar shows (92 %: 11.04 px).
 */
export const READABLE_SCALE = Math.ceil((MIN_LABEL_PX / FONT_SIZE) * 100) / 100;
/** Fitting to the width enlarges a small drawing up to this, not further: its boxes would fill the pane. */
const MAX_FIT_SCALE = 1.25;

/**
 * The default view: the drawing as wide as the pane, but never below READABLE_SCALE. What does not fit
 * then starts at its top left (where the machine's initial state is drawn) and is panned to; what
 * fits is centred.
 */
export function fitWidthView(
  content: { width: number; height: number },
  pane: { width: number; height: number },
): View {
  if (!content.width || !content.height || !pane.width || !pane.height) return { scale: 1, x: 0, y: 0 };
  const scale = Math.min(MAX_FIT_SCALE, Math.max(READABLE_SCALE, (pane.width - 2 * MARGIN) / content.width));
  const axis = (size: number, paneSize: number) =>
    size * scale <= paneSize - 2 * MARGIN ? (paneSize - size * scale) / 2 : MARGIN;
  return { scale, x: axis(content.width, pane.width), y: axis(content.height, pane.height) };
}

/** The whole drawing in the pane, however small its text gets (an overview; "Whole" in the toolbar). */
export function wholeView(
  content: { width: number; height: number },
  pane: { width: number; height: number },
) {
  if (!content.width || !content.height || !pane.width || !pane.height) return { scale: 1, x: 0, y: 0 };
  const scale = clampScale(
    Math.min((pane.width - 2 * MARGIN) / content.width, (pane.height - 2 * MARGIN) / content.height, 1),
  );
  return {
    scale,
    x: (pane.width - content.width * scale) / 2,
    y: (pane.height - content.height * scale) / 2,
  };
}

/** Zoom by `factor` keeping the pane point (px, py) where it is. */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const scale = clampScale(view.scale * factor);
  const ratio = scale / view.scale;
  return { scale, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}

/**
 * Brings `box` (drawing coordinates) into the pane at a readable scale: the smallest move when it is
 * readable already, else zoomed in to READABLE_SCALE (or as far as the box fits) and centred on it. A
 * box bigger than the pane shows its top left corner, where a state's title is.
 */
export function revealBox(current: View, box: Box, pane: { width: number; height: number }): View {
  let view = current;
  if (view.scale < READABLE_SCALE) {
    const scale = clampScale(
      Math.min(
        READABLE_SCALE,
        Math.max(view.scale, (pane.width - 2 * MARGIN) / box.width),
        Math.max(view.scale, (pane.height - 2 * MARGIN) / box.height),
      ),
    );
    view = {
      scale,
      x: pane.width / 2 - (box.x + box.width / 2) * scale,
      y: pane.height / 2 - (box.y + box.height / 2) * scale,
    };
  }
  const left = view.x + box.x * view.scale;
  const top = view.y + box.y * view.scale;
  const width = box.width * view.scale;
  const height = box.height * view.scale;
  const axis = (start: number, size: number, paneSize: number, offset: number) => {
    if (size > paneSize - 2 * MARGIN) return offset + (MARGIN - start);
    if (start < MARGIN) return offset + (MARGIN - start);
    if (start + size > paneSize - MARGIN) return offset - (start + size - (paneSize - MARGIN));
    return offset;
  };
  return {
    scale: view.scale,
    x: axis(left, width, pane.width, view.x),
    y: axis(top, height, pane.height, view.y),
  };
}

/**
 * `revealBox` for the first of `boxes` (largest first, each containing the next) that fits whole in the
 * pane at the scale it would be shown at, else the last: a state with the labels of its transitions
 * when there is room, the state alone when there is not.
 */
export function revealFirstFitting(
  current: View,
  boxes: Box[],
  pane: { width: number; height: number },
): View {
  for (const box of boxes) {
    const view = revealBox(current, box, pane);
    if (
      box.width * view.scale <= pane.width - 2 * MARGIN &&
      box.height * view.scale <= pane.height - 2 * MARGIN
    )
      return view;
  }
  const last = boxes.at(-1);
  return last ? revealBox(current, last, pane) : current;
}

/** The smallest box holding all of `boxes`, or undefined for none. */
export function unionBox(boxes: Box[]): Box | undefined {
  if (!boxes.length) return undefined;
  const x = Math.min(...boxes.map((box) => box.x));
  const y = Math.min(...boxes.map((box) => box.y));
  return {
    x,
    y,
    width: Math.max(...boxes.map((box) => box.x + box.width)) - x,
    height: Math.max(...boxes.map((box) => box.y + box.height)) - y,
  };
}

export function useViewport(pane: RefObject<HTMLElement | null>, content: { width: number; height: number }) {
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const [size, setSize] = useState({ width: 0, height: 0 });
  // Until the user zooms or pans, the view follows the pane's size (fit).
  const touched = useRef(false);
  const viewRef = useRef(view);
  viewRef.current = view;

  useEffect(() => {
    const element = pane.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [pane]);

  const fit = useCallback(() => {
    touched.current = false;
    setView(fitWidthView(content, size));
  }, [content, size]);

  const whole = useCallback(() => {
    touched.current = true;
    setView(wholeView(content, size));
  }, [content, size]);

  // A new drawing starts fitted again.
  const drawn = useRef(content);
  useEffect(() => {
    if (drawn.current !== content) touched.current = false;
    drawn.current = content;
    if (!touched.current) setView(fitWidthView(content, size));
  }, [content, size]);

  const move = useCallback((next: (view: View) => View) => {
    touched.current = true;
    setView(next);
  }, []);

  const zoom = useCallback(
    (factor: number) => move((current) => zoomAt(current, factor, size.width / 2, size.height / 2)),
    [move, size],
  );

  const reveal = useCallback(
    (boxes: Box[]) => setView((current) => revealFirstFitting(current, boxes, size)),
    [size],
  );

  // Wheel zoom needs a non-passive listener (React's onWheel cannot preventDefault the page scroll).
  useEffect(() => {
    const element = pane.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015));
      move((current) => zoomAt(current, factor, event.clientX - rect.left, event.clientY - rect.top));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [pane, move]);

  // Pointers: one drags, two pinch (zoom around their midpoint, pan with it).
  // The pane captures a pointer only once it moves, so a plain click still reaches an edge's label.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const onPointerDown = useCallback((event: React.PointerEvent<HTMLElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  }, []);
  const onPointerMove = useCallback(
    (event: React.PointerEvent<HTMLElement>) => {
      const previous = pointers.current.get(event.pointerId);
      if (!previous) return;
      const rect = event.currentTarget.getBoundingClientRect();
      const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId);
      const current = { x: event.clientX, y: event.clientY };
      if (!event.currentTarget.hasPointerCapture(event.pointerId)) {
        if (Math.hypot(current.x - previous.x, current.y - previous.y) < 4) return;
        event.currentTarget.setPointerCapture(event.pointerId);
      }
      const other = others[0]?.[1];
      if (other) {
        const before = Math.hypot(previous.x - other.x, previous.y - other.y) || 1;
        const after = Math.hypot(current.x - other.x, current.y - other.y) || 1;
        const mid = { x: (current.x + other.x) / 2 - rect.left, y: (current.y + other.y) / 2 - rect.top };
        const dx = (current.x - previous.x) / 2;
        const dy = (current.y - previous.y) / 2;
        move((view) => {
          const zoomed = zoomAt(view, after / before, mid.x, mid.y);
          return { ...zoomed, x: zoomed.x + dx, y: zoomed.y + dy };
        });
      } else {
        move((view) => ({ ...view, x: view.x + current.x - previous.x, y: view.y + current.y - previous.y }));
      }
      pointers.current.set(event.pointerId, current);
    },
    [move],
  );
  const onPointerUp = useCallback((event: React.PointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
  }, []);

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent<HTMLElement>) => {
      const pan = (dx: number, dy: number) => move((view) => ({ ...view, x: view.x + dx, y: view.y + dy }));
      const actions: Record<string, () => void> = {
        '+': () => zoom(STEP),
        '=': () => zoom(STEP),
        '-': () => zoom(1 / STEP),
        _: () => zoom(1 / STEP),
        '0': fit,
        ArrowLeft: () => pan(PAN, 0),
        ArrowRight: () => pan(-PAN, 0),
        ArrowUp: () => pan(0, PAN),
        ArrowDown: () => pan(0, -PAN),
      };
      const action = actions[event.key];
      if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      action();
    },
    [move, zoom, fit],
  );

  return {
    view,
    zoom,
    fit,
    whole,
    reveal,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: onPointerUp,
      onKeyDown,
    },
  };
}
