import type { AnyMachineSnapshot, StateValue } from 'xstate';

/** Dotted, readable state value: `open.editing.valid`. */
export function stateLabel(snapshot: AnyMachineSnapshot): string {
  return stateValueLabel(snapshot.value);
}

const leaves = (value: StateValue): string[] =>
  typeof value === 'string'
    ? [value]
    : Object.entries(value).flatMap(([key, child]) =>
        leaves(child as StateValue).map((leaf) => `${key}.${leaf}`),
      );

/** `{ open: { editing: 'valid' } }` → `open.editing.valid`; parallel regions joined by ` + `. */
export function stateValueLabel(value: StateValue): string {
  return leaves(value).join(' + ');
}

/** The state as the replay compares it: its value, and its status when not active. */
export function liveLabel(state: { value: StateValue | null; status: string }): string {
  const value = state.value === null ? '' : stateValueLabel(state.value);
  return state.status === 'active' ? value : `${value} [${state.status}]`;
}
