import { fromCallback, setup } from 'xstate';
import { implementing } from './requirements';

/** The colour mode: light (default), dark or system; its effects are injected with `provide`. */
export const COLOR_MODES = ['light', 'dark', 'system'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
export const COLOR_MODE_KEY = 'color-mode';

export function parseColorMode(raw: unknown): ColorMode {
  return COLOR_MODES.includes(raw as ColorMode) ? (raw as ColorMode) : 'light';
}

export type AppearanceEvent =
  | { type: 'appearance.change'; mode: ColorMode }
  | { type: 'appearance.systemChanged' };

/** Chart: [docs/statecharts/appearance.md](../../docs/statecharts/appearance.md). */
export const appearanceMachine = setup({
  types: {
    context: {} as { stored: ColorMode },
    events: {} as AppearanceEvent,
    input: {} as { stored?: unknown } | undefined,
  },
  actors: {
    /** Injected: report changes of the OS colour scheme as `appearance.systemChanged`. */
    watchSystem: fromCallback(() => () => {}),
  },
  actions: {
    /** Injected: set class and color-scheme on <html>. */
    apply: (_, _params: { mode: ColorMode }) => {},
    /** Injected: write the choice to localStorage. */
    persist: (_, _params: { mode: ColorMode }) => {},
    /** Injected: report that the OS preference cannot be watched (the mode stays 'system'). */
    reportWatchError: () => {},
  },
  guards: {
    storedIs: ({ context }, params: { mode: ColorMode }) => context.stored === params.mode,
    changeTo: ({ event }, params: { mode: ColorMode }) =>
      event.type === 'appearance.change' && event.mode === params.mode,
  },
}).createMachine({
  id: 'appearance',
  context: ({ input }) => ({ stored: parseColorMode(input?.stored) }),
  initial: 'restoring',
  on: {
    'appearance.change': [
      {
        guard: { type: 'changeTo', params: { mode: 'light' } },
        target: '.light',
        actions: { type: 'persist', params: { mode: 'light' } },
        meta: implementing('R-FLOW-11'),
      },
      {
        guard: { type: 'changeTo', params: { mode: 'dark' } },
        target: '.dark',
        actions: { type: 'persist', params: { mode: 'dark' } },
        meta: implementing('R-FLOW-11'),
      },
      {
        guard: { type: 'changeTo', params: { mode: 'system' } },
        target: '.system',
        actions: { type: 'persist', params: { mode: 'system' } },
        meta: implementing('R-FLOW-11'),
      },
    ],
  },
  states: {
    restoring: {
      always: [
        {
          guard: { type: 'storedIs', params: { mode: 'dark' } },
          target: 'dark',
          meta: implementing('R-FLOW-11'),
        },
        {
          guard: { type: 'storedIs', params: { mode: 'system' } },
          target: 'system',
          meta: implementing('R-FLOW-11'),
        },
        { target: 'light', meta: implementing('R-FLOW-10') },
      ],
    },
    light: { entry: { type: 'apply', params: { mode: 'light' } } },
    dark: { entry: { type: 'apply', params: { mode: 'dark' } } },
    system: {
      entry: { type: 'apply', params: { mode: 'system' } },
      invoke: { id: 'watchSystem', src: 'watchSystem', onError: { actions: 'reportWatchError' } },
      on: {
        'appearance.systemChanged': { actions: { type: 'apply', params: { mode: 'system' } } },
      },
    },
  },
});

export type AppearanceMachine = typeof appearanceMachine;
