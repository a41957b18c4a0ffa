/**
 * The live inspector's messages between the app's tabs and the viewer's (/statecharts): one
 * BroadcastChannel of the origin, so nothing leaves the browser. The viewer says hello when it opens
 * (and again when an app tab announces that it started) and bye when it closes; an app tab answers a hello with its running actors and then forwards each
 * event its actors take until the last viewer has said bye. Kept free of code but the channel's
 * name, which the app's main bundle imports.
 */
import type { StateValue } from 'xstate';

export const INSPECTOR_CHANNEL = 'statecharts-inspector';

export type ViewerMessage = { kind: 'viewer.hello'; viewer: string } | { kind: 'viewer.bye'; viewer: string };

/** A root actor of an app tab, as the viewer shows it. */
export interface LiveActor {
  tab: string;
  /** The actor's session id, unique within its tab. */
  id: string;
  /** The machine's id (the name the viewer lists it under). */
  machine: string;
  /** The state value (the viewer writes it as `open.editing.valid`); null for a non-machine actor. */
  value: StateValue | null;
  /** Ids of the active state nodes (the diagram highlights them). */
  nodes: string[];
  status: string;
  /** The machine's context, secrets masked (the viewer shows it per logged event). */
  context: unknown;
  /** The route the tab was on. */
  path: string;
}

/** A transition taken: its source state node's id, its event type ('' for eventless), its place in that list. */
export interface TakenTransition {
  source: string;
  event: string;
  index: number;
}

/** One event an actor took, with its payload made safe to show (secrets masked, errors flattened). */
export interface LiveEvent {
  actor: LiveActor;
  type: string;
  payload: unknown;
  /** The transitions the event took, in microstep order. */
  taken: TakenTransition[];
  /** Milliseconds since the epoch, in the app tab. */
  time: number;
}

export type AppMessage =
  | { kind: 'app.started' }
  | { kind: 'app.actors'; tab: string; actors: LiveActor[] }
  | { kind: 'app.event'; event: LiveEvent }
  | { kind: 'app.closed'; tab: string };
