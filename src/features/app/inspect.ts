import type { InspectionEvent } from 'xstate';

/**
 * One inspection hook for the app's actors (session, lists, forms and dialogs): each is created with
 * `{ inspect }`, and whoever listens (the UI walks in tests/ui/walks, a debugging tool) sees every
 * event, microstep and snapshot. No listener, no cost beyond a function call.
 */
type Listener = (event: InspectionEvent) => void;
const listeners = new Set<Listener>();

export function inspect(event: InspectionEvent): void {
  for (const listener of listeners) listener(event);
}

/** Listens to the inspection events of every app actor created from now on; returns the unsubscribe. */
export function listenToActors(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
