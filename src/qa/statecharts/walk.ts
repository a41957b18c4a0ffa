import {
  type AnyActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  fromCallback,
  fromPromise,
  type InspectionEvent,
  SimulatedClock,
} from 'xstate';
import { type DefinedEdge, definedEdges, takenEdges } from './edges';
import type { MachineModel } from './model-kit';
import { type ModelPath, stateKey } from './paths';

/**
 * Drives a real actor of the machine along one path. Invoked actors are fakes (fromPromise /
 * fromCallback) whose outcome the path decides: `xstate.done.actor.<id>` resolves the pending promise
 * of actor <id>, `xstate.error.actor.<id>` rejects it (callback actors get the event sent directly).
 * Every macrostep is recorded through the actor's inspection (`@xstate.microstep` carries the
 * transitions taken), which gives the DEFINED edges the step took. Time is a simulated clock: an
 * `xstate.after.<delay>.<state>` step (a time limit running out) advances it by that delay.
 */

export interface ActorCall {
  src: string;
  id: string;
  input: unknown;
}

export interface World {
  /** Actions executed so far, in order (`@xstate.action`). */
  actions: { type: string; params: unknown }[];
  /** Invoked fakes started so far. */
  calls: ActorCall[];
  /** The event of the current step (undefined at the start). */
  event: AnyEventObject | undefined;
  /** The snapshot before the current step. */
  previous: AnyMachineSnapshot | undefined;
}

export interface WalkStep {
  index: number;
  event: AnyEventObject | undefined;
  label: string;
  snapshot: AnyMachineSnapshot;
  expectedKey: string;
  actualKey: string;
  edges: DefinedEdge[];
  /** Actions executed by this step. */
  actions: { type: string; params: unknown }[];
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

export async function walkPath(
  model: MachineModel,
  path: ModelPath,
  onStep: (step: WalkStep, world: World) => void | Promise<void>,
): Promise<void> {
  const world: World = { actions: [], calls: [], event: undefined, previous: undefined };
  const pending = new Map<string, Pending>();
  const callbacks = new Set<string>();

  const actors: Record<string, AnyActorLogic> = {};
  for (const [src, kind] of Object.entries(model.actors)) {
    actors[src] =
      kind === 'promise'
        ? fromPromise<unknown, unknown>(
            ({ input, self }) =>
              new Promise((resolve, reject) => {
                world.calls.push({ src, id: self.id, input });
                pending.set(self.id, { resolve, reject });
              }),
          )
        : fromCallback(({ input, self }) => {
            world.calls.push({ src, id: self.id, input });
            callbacks.add(self.id);
            return () => callbacks.delete(self.id);
          });
  }

  let microsteps: AnyTransitionDefinition[][] = [];
  let stepActions: { type: string; params: unknown }[] = [];
  let rootSession = '';
  const inspect = (event: InspectionEvent) => {
    if (event.actorRef.sessionId !== rootSession && rootSession !== '') return;
    if (event.type === '@xstate.microstep') microsteps.push(event._transitions);
    if (event.type === '@xstate.action') {
      world.actions.push(event.action);
      stepActions.push(event.action);
    }
  };
  const provided = model.machine.provide({ actors });
  // Edges of the provided machine: its state nodes and transitions are its own objects (same ids).
  const edges = definedEdges(provided);
  const clock = new SimulatedClock();
  const actor = createActor(provided, { input: path.input, inspect, clock });
  rootSession = actor.sessionId;
  actor.start();

  const record = async (
    index: number,
    event: AnyEventObject | undefined,
    label: string,
    before: readonly AnyStateNode[],
    expected: AnyMachineSnapshot,
  ) => {
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    const step: WalkStep = {
      index,
      event,
      label,
      snapshot,
      expectedKey: stateKey(model, expected),
      actualKey: stateKey(model, snapshot),
      edges: takenEdges(edges, { before, event, microsteps, after: snapshot._nodes as AnyStateNode[] }),
      actions: stepActions,
    };
    microsteps = [];
    stepActions = [];
    await onStep(step, world);
  };

  try {
    await record(0, undefined, '(start)', [], path.initial);
    for (const [i, { event, label, state }] of path.steps.entries()) {
      const before = actor.getSnapshot() as AnyMachineSnapshot;
      world.event = event;
      world.previous = before;
      const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      const id = outcome?.[2];
      const waiting = id === undefined ? undefined : pending.get(id);
      const delay = /^xstate\.after\.([^.]+)\./.exec(event.type)?.[1];
      if (delay !== undefined) {
        const named = (provided.implementations.delays as Record<string, unknown>)[delay];
        const ms =
          typeof named === 'function' ? named({ context: before.context }) : (named ?? Number(delay));
        clock.increment(ms);
        if (microsteps.length === 0)
          throw new Error(`${model.name}: ${delay} ran out but the machine did not react`);
      } else if (outcome && id !== undefined && waiting && !callbacks.has(id)) {
        pending.delete(id);
        if (outcome[1] === 'done') waiting.resolve((event as { output?: unknown }).output);
        else waiting.reject((event as { error?: unknown }).error);
        for (let n = 0; n < 50 && microsteps.length === 0; n++) await tick();
        if (microsteps.length === 0)
          throw new Error(`${model.name}: actor ${id} settled but the machine did not react`);
      } else if (outcome && id !== undefined && !callbacks.has(id)) {
        throw new Error(`${model.name}: the path settles actor ${id}, but it is not running`);
      } else {
        actor.send(event);
      }
      await record(i + 1, event, label, before._nodes as AnyStateNode[], state);
    }
  } finally {
    actor.stop();
  }
}
