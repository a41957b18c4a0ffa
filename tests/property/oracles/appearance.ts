import { crashed, current, type Oracle, ran, sentType } from './types';

/** The colour mode (spec §4 Appearance, §9 "Default colour mode light"). */

// §4: "light, dark or system are supported".
const SUPPORTED = ['light', 'dark', 'system'];

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export const appearanceOracles: Oracle[] = [
  crashed,
  {
    // §4: "switches between light (default) and dark mode"; §9: "Default colour mode light". A stored
    // choice that is not supported counts as none.
    id: 'appearance.restores-choice-or-light',
    spec: '§4, §9',
    check: (trace) => {
      const step = current(trace);
      if (step.index !== 0) return undefined;
      const stored = (trace.input as { stored?: unknown } | undefined)?.stored;
      const expected = SUPPORTED.includes(stored as string) ? stored : 'light';
      return step.snapshot.value === expected
        ? undefined
        : `stored ${shown(stored)} starts in ${shown(step.snapshot.value)}`;
    },
  },
  {
    // §4: "the choice persists in local storage (light, dark or system are supported)".
    id: 'appearance.choice-persists',
    spec: '§4',
    check: (trace) => {
      const step = current(trace);
      const persisted = ran(step, 'persist').map((action) => (action.params as { mode: string }).mode);
      if (sentType(step) !== 'appearance.change') {
        return persisted.length ? `"${step.label}" persisted ${persisted.join(', ')}` : undefined;
      }
      const mode = (step.event as unknown as { mode: unknown }).mode;
      if (!SUPPORTED.includes(mode as string)) {
        if (persisted.length) return `unsupported ${shown(mode)} persisted ${persisted.join(', ')}`;
        return step.snapshot.value === step.before?.value
          ? undefined
          : `unsupported ${shown(mode)} changed the mode`;
      }
      if (persisted.length !== 1 || persisted[0] !== mode)
        return `choosing ${shown(mode)} persisted [${persisted.join(', ')}]`;
      return step.snapshot.value === mode
        ? undefined
        : `choosing ${shown(mode)} shows ${shown(step.snapshot.value)}`;
    },
  },
  {
    // §4: the page shows the chosen mode: what was last applied to the page is the mode in force.
    id: 'appearance.applied-is-chosen',
    spec: '§4',
    check: (trace) => {
      let applied: string | undefined;
      for (const step of trace.steps) {
        for (const action of ran(step, 'apply')) applied = (action.params as { mode: string }).mode;
      }
      const value = current(trace).snapshot.value;
      return applied === value ? undefined : `shows ${shown(value)}, applied ${String(applied)}`;
    },
  },
];
