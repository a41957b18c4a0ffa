import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { ApiError } from '../../api/errors';

/**
 * What every test model is made of (models.ts, account-models.ts): the model's shape, labelled events,
 * the API failures a call can end in and the done/error events of a running actor.
 */

export type FakeKind = 'promise' | 'callback';

export interface MachineModel {
  name: string;
  group: string;
  machine: AnyStateMachine;
  /** One traversal per input. */
  inputs: { label: string; input?: unknown }[];
  /** The events offered in a state (payloads included). */
  events: (snapshot: AnyMachineSnapshot) => AnyEventObject[];
  /** What, besides the state value, decides where events lead (context kept out of the key). */
  key?: (snapshot: AnyMachineSnapshot) => string;
  /** Invoked actor sources and how the walk fakes them. */
  actors: Record<string, FakeKind>;
}

const labels = new WeakMap<object, string>();

/** Gives an event a readable label (payload class), used to name paths and to key the graph. */
export function labelled<T extends AnyEventObject>(event: T, label: string): T {
  labels.set(event, label);
  return event;
}

export function eventLabel(event: AnyEventObject): string {
  const label = labels.get(event);
  return label ? `${event.type} (${label})` : event.type;
}

/** The API error classes a call can fail with, as the openapi-fetch client reports them. */
export const API_FAILURES: { label: string; error: unknown }[] = [
  { label: '400 detail', error: new ApiError(400, { detail: 'Incorrect email or password' }) },
  { label: '401', error: new ApiError(401, { detail: 'Could not validate credentials' }) },
  { label: '403', error: new ApiError(403, { detail: "The user doesn't have enough privileges" }) },
  { label: '404', error: new ApiError(404, { detail: 'Not found' }) },
  {
    label: '409',
    error: new ApiError(409, { detail: 'The user with this email already exists in the system' }),
  },
  {
    label: '422 detail list',
    error: new ApiError(422, {
      detail: [{ loc: ['body', 'email'], msg: 'value is not a valid email address', type: 'value_error' }],
    }),
  },
  { label: '500', error: new ApiError(500, 'Internal Server Error') },
  { label: 'network failure', error: new TypeError('Failed to fetch') },
];

/** Invoke ids of the actors running in a snapshot (done/error events can only come from those). */
export function runningInvokes(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes as AnyStateNode[]).flatMap((node) => node.invoke.map((invoke) => invoke.id));
}

/** The done event of invoke `id` and one error event per failure, when that actor is running. */
export function actorOutcomes(
  snapshot: AnyMachineSnapshot,
  id: string,
  output: unknown,
  failures: { label: string; error: unknown }[] = API_FAILURES,
): AnyEventObject[] {
  if (!runningInvokes(snapshot).includes(id)) return [];
  return [
    labelled({ type: `xstate.done.actor.${id}`, output }, 'success'),
    ...failures.map((failure) =>
      labelled({ type: `xstate.error.actor.${id}`, error: failure.error }, failure.label),
    ),
  ];
}
