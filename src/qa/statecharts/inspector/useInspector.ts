import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type AppMessage,
  INSPECTOR_CHANNEL,
  type LiveActor,
  type LiveEvent,
  type ViewerMessage,
} from './protocol';

/**
 * The viewer's end of the live inspector: says hello to the app's tabs of this origin (they answer
 * with their running actors), keeps the running actors current and logs each event as it arrives.
 * The log can be paused (events that arrive meanwhile are counted, not kept) and cleared.
 */

export const LOG_LIMIT = 500;

export interface LoggedEvent extends LiveEvent {
  seq: number;
}

export const actorKey = (actor: Pick<LiveActor, 'tab' | 'id'>) => `${actor.tab}:${actor.id}`;

export function useInspector() {
  const [actors, setActors] = useState<Map<string, LiveActor>>(new Map());
  const [log, setLog] = useState<LoggedEvent[]>([]);
  const [paused, setPausedState] = useState(false);
  /** Events that arrived while paused. */
  const [missed, setMissed] = useState(0);
  const pausedRef = useRef(false);
  const seq = useRef(0);

  useEffect(() => {
    if (typeof BroadcastChannel !== 'function') return;
    const channel = new BroadcastChannel(INSPECTOR_CHANNEL);
    const viewer = Math.random().toString(36).slice(2);
    const upsert = (map: Map<string, LiveActor>, actor: LiveActor) => {
      const next = new Map(map);
      if (actor.status === 'active') next.set(actorKey(actor), actor);
      else next.delete(actorKey(actor));
      return next;
    };
    const hello = () => channel.postMessage({ kind: 'viewer.hello', viewer } satisfies ViewerMessage);
    channel.onmessage = ({ data }: MessageEvent<AppMessage>) => {
      if (data.kind === 'app.started') hello();
      else if (data.kind === 'app.actors') {
        setActors((map) => {
          const next = new Map([...map].filter(([, actor]) => actor.tab !== data.tab));
          for (const actor of data.actors) next.set(actorKey(actor), actor);
          return next;
        });
      } else if (data.kind === 'app.closed') {
        setActors((map) => new Map([...map].filter(([, actor]) => actor.tab !== data.tab)));
      } else if (data.kind === 'app.event') {
        setActors((map) => upsert(map, data.event.actor));
        if (pausedRef.current) setMissed((count) => count + 1);
        else {
          seq.current += 1;
          const entry = { ...data.event, seq: seq.current };
          setLog((entries) => [...entries.slice(-(LOG_LIMIT - 1)), entry]);
        }
      }
    };
    hello();
    const bye = () => channel.postMessage({ kind: 'viewer.bye', viewer } satisfies ViewerMessage);
    addEventListener('pagehide', bye);
    return () => {
      removeEventListener('pagehide', bye);
      bye();
      channel.close();
    };
  }, []);

  const setPaused = useCallback((next: boolean) => {
    pausedRef.current = next;
    setPausedState(next);
    if (!next) setMissed(0);
  }, []);
  const clear = useCallback(() => {
    setLog([]);
    setMissed(0);
  }, []);

  return { actors: [...actors.values()], log, paused, missed, setPaused, clear };
}
