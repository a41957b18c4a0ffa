import type { AnyActorRef, InspectionEvent } from 'xstate';
import {
  type AppMessage,
  INSPECTOR_CHANNEL,
  type ViewerMessage,
} from '../../qa/statecharts/inspector/protocol';

/**
 * One inspection hook for the app's actors (session, appearance, lists, forms and dialogs): each is
 * created with `{ inspect }`, and whoever listens (the UI walks in tests/ui/walks, the live inspector
 * of /statecharts) sees every event, microstep and snapshot. No listener, no cost beyond a function
 * call and the set of running root actors (a viewer opened later asks which machines are running).
 */
type Listener = (event: InspectionEvent) => void;
const listeners = new Set<Listener>();
const running = new Set<AnyActorRef>();

export function inspect(event: InspectionEvent): void {
  const actorRef = event.actorRef as AnyActorRef;
  if (!actorRef._parent) {
    // Registered when started (an actor React creates and drops unstarted never counts), gone when
    // its last snapshot is not active (stopped, done or failed).
    if (event.type === '@xstate.event' && event.event.type === 'xstate.init') running.add(actorRef);
    else if (event.type === '@xstate.snapshot' && event.snapshot.status !== 'active')
      running.delete(actorRef);
  }
  for (const listener of listeners) listener(event);
}

/** Listens to the inspection events of every app actor created from now on; returns the unsubscribe. */
export function listenToActors(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Waits for a /statecharts tab of this origin to say hello, and only then loads the inspector's app
 * side (a chunk of its own; it checks that the viewer is served at all). Until then this is one
 * BroadcastChannel and one message at start-up.
 */
export function watchForViewers(): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(INSPECTOR_CHANNEL);
  // A viewer opened before this tab says hello again when it hears of it.
  channel.postMessage({ kind: 'app.started' } satisfies AppMessage);
  channel.onmessage = ({ data }: MessageEvent<ViewerMessage | AppMessage>) => {
    if (data.kind !== 'viewer.hello') return;
    channel.onmessage = null;
    void import('../../qa/statecharts/inspector/bridge').then(({ connectToViewers }) =>
      connectToViewers(channel, { running: () => running, listen: listenToActors }, data),
    );
  };
}
