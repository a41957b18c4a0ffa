import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { COLOR_MODE_KEY, type ColorMode } from '../../../src/machines/appearance';
import { modelByName } from '../../../src/qa/statecharts/models';
import { type ModelPath, type PathStep, stateLabel } from '../../../src/qa/statecharts/paths';
import { renderApp } from '../harness';
import { describeUiWalk, type UiDriver } from './runner';
import { type Account, createAccount, type User, user } from './support';

/**
 * The colour mode on Settings → Appearance: the app's appearance actor (created with the app, restored
 * from localStorage) driven by the three radios, and by the operating system's colour scheme while the
 * mode is 'System'. The OS scheme is the one boundary this walk stands in for: `window.matchMedia` is
 * a scheme the walk can switch (jsdom has none). 'cannot watch' is a browser whose MediaQueryList has
 * no addEventListener (Safari before 14): the app's watcher throws and the mode stays 'System'.
 * A change to the mode already chosen is not a user action (the checked radio sends nothing), and no
 * radio offers a mode other than the three: 'invalid mode' is a step the screen blocks.
 */

const model = modelByName('appearance');
if (!model) throw new Error('no appearance model');

const CHANGE = 'appearance.change';
const CANNOT_WATCH = 'xstate.error.actor.watchSystem';
const RADIO: Record<ColorMode, RegExp> = { light: /^Light Mode/, dark: /^Dark Mode/, system: /^System/ };

/** A media query of a 1280 px wide window: its `min-width` queries match, its `max-width` ones do not. */
function desktopMedia(query: string): MediaQueryList {
  const noop = () => {};
  return {
    media: query,
    matches: query.includes('min-width'),
    onchange: null,
    addListener: noop,
    removeListener: noop,
    addEventListener: noop,
    removeEventListener: noop,
    dispatchEvent: () => false,
  } as unknown as MediaQueryList;
}

/** The operating system's colour scheme, as `matchMedia('(prefers-color-scheme: dark)')` reports it. */
class SystemScheme {
  dark = false;
  /** A MediaQueryList without addEventListener, as old Safari has. */
  legacy = false;
  private listeners = new Set<() => void>();

  install() {
    window.matchMedia = (query: string) => {
      // Other media queries (the screens' breakpoints) are a desktop's, and never change.
      if (!query.includes('prefers-color-scheme')) return desktopMedia(query);
      const scheme = this;
      const list = {
        media: query,
        get matches() {
          return query.includes('dark') && scheme.dark;
        },
        onchange: null,
        addListener: (listener: () => void) => scheme.listeners.add(listener),
        removeListener: (listener: () => void) => scheme.listeners.delete(listener),
        dispatchEvent: () => false,
      } as unknown as MediaQueryList;
      if (!this.legacy) {
        Object.assign(list, {
          addEventListener: (_type: string, listener: () => void) => scheme.listeners.add(listener),
          removeEventListener: (_type: string, listener: () => void) => scheme.listeners.delete(listener),
        });
      }
      return list;
    };
  }

  flip() {
    this.dark = !this.dark;
    for (const listener of [...this.listeners]) listener();
  }

  get watched() {
    return this.listeners.size > 0;
  }
}

interface Ctx {
  account: Account;
  app: ReturnType<typeof renderApp>['app'];
  u: User;
  scheme: SystemScheme;
  /** 'System' was last entered in a browser that cannot watch the scheme. */
  unwatchable: boolean;
}

const modeOf = (label: string): ColorMode =>
  label === 'dark' ? 'dark' : label === 'system' ? 'system' : 'light';
const changeTo = (step: PathStep) => (step.event as { mode?: string }).mode;
const isChange = (step: PathStep | undefined) => step?.event.type === CHANGE;
const validMode = (mode: unknown): mode is ColorMode =>
  mode === 'light' || mode === 'dark' || mode === 'system';

function accepts(path: ModelPath): boolean {
  const states = [path.initial, ...path.steps.map((step) => step.state)];
  let watching = true;
  return path.steps.every((step, index) => {
    const from = stateLabel(states[index] as AnyMachineSnapshot);
    if (from !== 'system') watching = true;
    if (step.event.type === CANNOT_WATCH) watching = false;
    // The checked radio sends nothing: choosing the mode already chosen is no user action.
    if (isChange(step) && validMode(changeTo(step)) && changeTo(step) === from) return false;
    // With no watcher the OS's change cannot reach the app.
    if (step.event.type === 'appearance.systemChanged' && from === 'system' && !watching) return false;
    return true;
  });
}

async function checkedMode(): Promise<ColorMode> {
  return waitFor(() => {
    const checked = (Object.keys(RADIO) as ColorMode[]).filter(
      (mode) => (screen.getByRole('radio', { name: RADIO[mode] }) as HTMLInputElement).checked,
    );
    expect(checked).toHaveLength(1);
    return checked[0] as ColorMode;
  });
}

const driver: UiDriver<Ctx> = {
  model,
  accepts,
  automatic: (step) => step.event.type === CANNOT_WATCH,
  async setup(path, walk) {
    const scheme = new SystemScheme();
    // A watcher started at once (a stored 'system') meets the browser the path's first step needs.
    scheme.legacy = path.steps[0]?.event.type === CANNOT_WATCH;
    scheme.install();
    if (path.inputLabel !== 'nothing stored') {
      localStorage.setItem(COLOR_MODE_KEY, String((path.input as { stored: unknown }).stored));
    }
    const account = await createAccount(walk.api, 'appearance');
    const app = renderApp('/settings', account.token).app;
    await screen.findByText(`Logged in as: ${account.email}`, {}, { timeout: 10_000 });
    const u = user();
    await u.click(await screen.findByRole('tab', { name: 'Appearance' }));
    await screen.findByRole('radiogroup', { name: 'Colour mode' });
    return { account, app, u, scheme, unwatchable: scheme.legacy };
  },
  teardown(ctx) {
    ctx.app.session.stop();
    ctx.app.appearance.stop();
  },
  async act(info, ctx) {
    const { step } = info;
    // The watcher starts when 'System' is entered: it meets the browser the next step needs.
    ctx.scheme.legacy = info.next?.event.type === CANNOT_WATCH;
    if (stateLabel(info.before) !== 'system' && stateLabel(info.after) === 'system') {
      ctx.unwatchable = ctx.scheme.legacy;
    }
    if (step.event.type === CANNOT_WATCH) return 'sent';
    if (step.event.type === 'appearance.systemChanged') {
      ctx.scheme.flip();
      return 'sent';
    }
    if (isChange(step)) {
      const mode = changeTo(step);
      if (!validMode(mode)) {
        // Only the three modes are offered.
        const radios = screen.getAllByRole('radio') as HTMLInputElement[];
        expect(radios.map((radio) => radio.value).sort()).toEqual(['dark', 'light', 'system']);
        return 'blocked';
      }
      await ctx.u.click(screen.getByRole('radio', { name: RADIO[mode] }));
      return 'sent';
    }
    throw new Error(`appearance: no user action for ${step.event.type}`);
  },
  async see(expected, ctx, walk, info) {
    const mode = modeOf(stateLabel(expected));
    expect(await checkedMode()).toBe(mode);
    const shown = mode === 'system' ? (ctx.scheme.dark ? 'dark' : 'light') : mode;
    await waitFor(() => {
      expect(document.documentElement.classList.contains(shown)).toBe(true);
      expect(document.documentElement.style.colorScheme).toBe(shown);
    });
    // A choice made on this screen is kept for the next visit; a restored one is left as it was.
    if (info && isChange(info.step) && validMode(changeTo(info.step))) {
      expect(localStorage.getItem(COLOR_MODE_KEY)).toBe(mode);
    }
    const actor = walk.tracker.snapshot('appearance');
    if (mode === 'system') {
      // The app watches the OS scheme, unless the browser cannot tell it: then the watcher is gone.
      expect(ctx.scheme.watched).toBe(!ctx.unwatchable);
      if (ctx.unwatchable) {
        const watcher = actor?.children.watchSystem as { getSnapshot(): { status: string } } | undefined;
        expect(watcher?.getSnapshot().status ?? 'gone').toMatch(/^(error|gone)$/);
      }
    } else {
      expect(ctx.scheme.watched).toBe(false);
    }
  },
};

await describeUiWalk(driver);
