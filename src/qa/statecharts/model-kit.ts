import {
  type AnyActorScope,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createEmptyActor,
  type StateValue,
} from 'xstate';
import { ApiError } from '../../api/api-error';
import { NetworkError } from '../../api/errors';
import { type DefinedEdge, definedEdges, takenEdges } from './edges';

/**
 * What every test model is made of (models.ts, account-models.ts): the model's shape, labelled events,
 * the API failures a call can end in and the done/error events of a running actor.
 */

/**
 * An actor scope for XState's pure `transition`: no action runs and no actor starts; `on` hears each
 * microstep's transitions and each action's type.
 */
export function pureScope(
  sessionId: string,
  on: { microstep?: (transitions: AnyTransitionDefinition[]) => void; action?: (type: string) => void },
): AnyActorScope {
  const empty = createEmptyActor();
  const system = Object.create(empty.system) as typeof empty.system & {
    _sendInspectionEvent: (event: { type: string; _transitions?: AnyTransitionDefinition[] }) => void;
  };
  system._sendInspectionEvent = (event) => {
    if (event.type === '@xstate.microstep') on.microstep?.(event._transitions ?? []);
  };
  return {
    self: empty,
    logger: () => {},
    id: '',
    sessionId,
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: (action: { type: string }) => on.action?.(action.type),
  };
}

/**
 * Steps a machine from one input (or a recorded state) with its pure transition, recording the edges
 * each step takes; `snapshot` may be set to step from elsewhere.
 */
export class PureRun {
  readonly edges: DefinedEdge[];
  private microsteps: AnyTransitionDefinition[][] = [];
  /** The types of the actions the last step (or the start) ran, in order. */
  actions: string[] = [];
  private readonly scope = pureScope('coverage-kinds', {
    microstep: (transitions) => this.microsteps.push(transitions),
    action: (type) => this.actions.push(type),
  });
  snapshot: AnyMachineSnapshot;
  readonly startEdges: DefinedEdge[];

  constructor(
    readonly model: MachineModel,
    input: unknown,
    from?: { value: StateValue; context: unknown },
  ) {
    this.edges = definedEdges(model.machine);
    this.snapshot = from
      ? (model.machine.resolveState(from) as AnyMachineSnapshot)
      : (model.machine.getInitialSnapshot(this.scope, input) as AnyMachineSnapshot);
    this.startEdges = from ? [] : this.taken([], undefined);
  }

  private taken(before: readonly AnyStateNode[], event: AnyEventObject | undefined): DefinedEdge[] {
    const edges = takenEdges(this.edges, {
      before,
      event,
      microsteps: this.microsteps,
      after: this.snapshot._nodes as AnyStateNode[],
    });
    this.microsteps = [];
    return edges;
  }

  send(event: AnyEventObject): DefinedEdge[] {
    const before = this.snapshot._nodes as AnyStateNode[];
    this.microsteps = [];
    this.actions = [];
    this.snapshot = this.model.machine.transition(this.snapshot, event, this.scope) as AnyMachineSnapshot;
    return this.taken(before, event);
  }
}

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

/** A refusal as the API client reports it: the status and FastAPI's `detail`. */
export const detail = (status: number, text: string) => new ApiError(status, { detail: text });

/** The API error classes a call can fail with, as the openapi-fetch client reports them. */
export const API_FAILURES: { label: string; error: unknown }[] = [
  { label: '400 detail', error: detail(400, 'Incorrect email or password') },
  { label: '401', error: detail(401, 'Could not validate credentials') },
  { label: '403', error: detail(403, "The user doesn't have enough privileges") },
  { label: '404', error: detail(404, 'Not found') },
  { label: '409', error: detail(409, 'The user with this email already exists in the system') },
  {
    label: '422 detail list',
    error: new ApiError(422, {
      detail: [{ loc: ['body', 'email'], msg: 'value is not a valid email address', type: 'value_error' }],
    }),
  },
  { label: '500', error: new ApiError(500, 'Internal Server Error') },
  { label: 'network failure', error: new NetworkError('Failed to fetch') },
];

/** A list answer of `rows` rows (ids only: the machine counts them, the screen is not involved). */
export function listAnswer(rows: number, count: number) {
  return { data: Array.from({ length: rows }, (_, index) => ({ id: `row-${index + 1}` })), count };
}

/** Invoke ids of the actors running in a snapshot (done/error events can only come from those). */
export function runningInvokes(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes as AnyStateNode[]).flatMap((node) => node.invoke.map((invoke) => invoke.id));
}

/**
 * The time limits running in a snapshot: one `xstate.after.*` event per delayed edge of its active
 * states (walkPath takes it by advancing a simulated clock, not by sending it).
 */
export function timeoutEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const types = (snapshot._nodes as AnyStateNode[]).flatMap((node) =>
    node.after.map((edge) => edge.eventType),
  );
  // Labelled by the delay's name: readLimit / writeLimit (no answer in time), retryDelay.
  return [...new Set(types)].map((type) => labelled({ type }, type.split('.')[2] ?? type));
}

/**
 * The done event of invoke `id`, one error event per failure and its time limit running out (no
 * answer), when that actor is running.
 */
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
    ...timeoutEvents(snapshot),
  ];
}
