import type {
  AnyActorRef,
  AnyMachineSnapshot,
  AnyStateNode,
  AnyTransitionDefinition,
  InspectionEvent,
} from 'xstate';
import { statechartsEnabled } from '../enabled';
import { maskedPayload, maskedValue } from './mask';
import type { AppMessage, LiveActor, TakenTransition, ViewerMessage } from './protocol';

/**
 * The app tab's end of the live inspector, loaded only when a viewer says hello (and only where the
 * viewer is served: development, or SERVE_STATECHARTS). While at least one viewer is open it forwards
 * every event the tab's root actors take, with the state it led to; with none it listens to nothing.
 */

export interface InspectedApp {
  /** The root actors running now. */
  running: () => Iterable<AnyActorRef>;
  /** Subscribes to the inspection events of every app actor; returns the unsubscribe. */
  listen: (listener: (event: InspectionEvent) => void) => () => void;
}

const tab = Math.random().toString(36).slice(2, 8);

function describe(actorRef: AnyActorRef, snapshot: AnyMachineSnapshot): LiveActor {
  return {
    tab,
    id: actorRef.sessionId,
    machine: (actorRef.src as { id?: string }).id ?? String(actorRef.src),
    value: snapshot.value ?? null,
    nodes: (snapshot._nodes as AnyStateNode[] | undefined)?.map((node) => node.id) ?? [],
    status: snapshot.status,
    context: maskedValue(snapshot.context),
    path: location.pathname,
  };
}

/** The viewer's own tab runs the app too: its actors (appearance, session) are not what QA follows. */
const isViewerTab = () => location.pathname.startsWith('/statecharts');

/** Takes over the channel the app watched, starting with the message that woke it. */
export function connectToViewers(channel: BroadcastChannel, app: InspectedApp, first: ViewerMessage): void {
  const enabled = statechartsEnabled();
  const viewers = new Set<string>();
  let stopListening: (() => void) | undefined;
  const post = (message: AppMessage) => channel.postMessage(message);

  // The transitions of each root actor's macrostep so far, sent with the snapshot that ends it.
  const taken = new Map<AnyActorRef, TakenTransition[]>();
  const forward = (inspection: InspectionEvent) => {
    const actorRef = inspection.actorRef as AnyActorRef;
    if (actorRef._parent || isViewerTab()) return;
    if (inspection.type === '@xstate.microstep') {
      const steps = (inspection._transitions as AnyTransitionDefinition[]).map((transition) => {
        const source = transition.source;
        const list = transition.eventType ? source.transitions.get(transition.eventType) : source.always;
        return { source: source.id, event: transition.eventType, index: list?.indexOf(transition) ?? -1 };
      });
      taken.set(actorRef, [...(taken.get(actorRef) ?? []), ...steps]);
      return;
    }
    if (inspection.type !== '@xstate.snapshot') return;
    const snapshot = inspection.snapshot as AnyMachineSnapshot;
    const { event } = inspection;
    post({
      kind: 'app.event',
      event: {
        actor: describe(actorRef, snapshot),
        type: event.type,
        payload: maskedPayload(event),
        taken: taken.get(actorRef) ?? [],
        time: Date.now(),
      },
    });
    taken.delete(actorRef);
  };

  addEventListener('pagehide', () => {
    if (viewers.size) post({ kind: 'app.closed', tab });
  });

  const handle = async (message: ViewerMessage) => {
    if (!(await enabled)) return;
    if (message.kind === 'viewer.bye') {
      viewers.delete(message.viewer);
      if (!viewers.size) {
        stopListening?.();
        stopListening = undefined;
      }
      return;
    }
    if (message.kind !== 'viewer.hello' || isViewerTab()) return;
    viewers.add(message.viewer);
    stopListening ??= app.listen(forward);
    post({
      kind: 'app.actors',
      tab,
      actors: [...app.running()].map((actorRef) =>
        describe(actorRef, actorRef.getSnapshot() as AnyMachineSnapshot),
      ),
    });
  };
  // Messages are handled in order: each waits for the one before.
  let queue = handle(first);
  channel.onmessage = ({ data }: MessageEvent<ViewerMessage | AppMessage>) => {
    if (data.kind === 'viewer.hello' || data.kind === 'viewer.bye') queue = queue.then(() => handle(data));
  };
}
