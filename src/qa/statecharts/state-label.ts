import type { AnyMachineSnapshot, StateValue } from 'xstate';

/** Dotted, readable state value: `open.editing.valid`. */
export function stateLabel(snapshot: AnyMachineSnapshot): string {
  return stateValueLabel(snapshot.value);
}

/** `{ open: { editing: 'valid' } }` → `open.editing.valid`; parallel regions joined by ` + `. */
export function stateValueLabel(value: StateValue): string {
  const parts: string[] = [];
  const visit = (value: unknown, prefix: string) => {
    if (typeof value === 'string') {
      parts.push(prefix ? `${prefix}.${value}` : value);
      return;
    }
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      visit(child, prefix ? `${prefix}.${key}` : key);
    }
  };
  visit(value, '');
  return parts.join(' + ');
}

/** The state as the replay compares it: its value, and its status when not active. */
export function liveLabel(state: { value: StateValue | null; status: string }): string {
  const value = state.value === null ? '' : stateValueLabel(state.value);
  return state.status === 'active' ? value : `${value} [${state.status}]`;
}
