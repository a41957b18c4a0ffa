import type { AnyEventObject, AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { LiveEvent } from './inspector/protocol';

/**
 * The edges a machine DEFINES, read from its state nodes (never from generated paths), and the edges
 * an executed macrostep TOOK, read from the transitions XState reports per microstep.
 *
 * An edge is one outcome of one event at one state node: for the candidate transitions
 * [t0, t1, …, tn] of an event (or of `always`), XState takes the first whose guard passes. So edge i
 * means "guards of t0…t(i-1) failed, ti's passed (or has none)"; when the last candidate is guarded,
 * one more edge means "every guard failed": nothing is taken at this node (the event is ignored or
 * handled by an ancestor). Every guard's ✓ and ✗ outcome is thus an edge of its own.
 */

export type EdgeKind = 'event' | 'always' | 'done' | 'error' | 'after';

export interface GuardOutcome {
  guard: string;
  ok: boolean;
}

export interface DefinedEdge {
  /** `<state> --<event> [guard ✓/✗]--> <target>`, unique within the machine. */
  id: string;
  /** Dotted path of the state node that owns the transition ('(root)' for the machine itself). */
  source: string;
  sourceId: string;
  /** The event type (`always` for eventless transitions). */
  event: string;
  kind: EdgeKind;
  guards: GuardOutcome[];
  /** Dotted target paths; [] for a targetless (actions only) transition; null when nothing is taken. */
  targets: string[] | null;
  targetIds: string[];
  reenter: boolean;
  actions: string[];
  /** The transition taken, or undefined for the "every guard failed" edge. */
  transition: AnyTransitionDefinition | undefined;
}

/** Dotted path of a state node below the machine root. */
export function statePath(node: AnyStateNode): string {
  return node.path.length ? node.path.join('.') : '(root)';
}

function describeParams(params: unknown): string {
  if (params === undefined || params === null || typeof params === 'function') return '';
  if (typeof params !== 'object') return String(params);
  return Object.entries(params as Record<string, unknown>)
    .map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(',');
}

/** An object guard or action by its type and params: `changeTo(mode=dark)`. */
function describeObject(value: object, fallback: string): string {
  const { type, params } = value as { type?: string; params?: unknown };
  const described = describeParams(params);
  return `${type ?? fallback}${described ? `(${described})` : ''}`;
}

/** A readable name for a guard: `isValid`, `changeTo(mode=dark)`, `and(a, b)`, `inline`. */
function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  if (typeof guard === 'object' && guard !== null) return describeObject(guard, 'guard');
  return String(guard);
}

function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const fn = action as { type?: string; name?: string };
    return fn.type === 'xstate.assign' ? 'assign' : (fn.type ?? (fn.name || 'inline action'));
  }
  if (action && typeof action === 'object') return describeObject(action, 'action');
  return String(action);
}

/** A state's entry and exit actions, invokes and tags, a line each (the diagram's box, the docs' notes). */
export function stateLines(node: AnyStateNode): string[] {
  const lines: string[] = [];
  if (node.entry.length) lines.push(`entry / ${node.entry.map(actionName).join(', ')}`);
  if (node.exit.length) lines.push(`exit / ${node.exit.map(actionName).join(', ')}`);
  for (const invoke of node.invoke) lines.push(`invoke ${invoke.id}`);
  if (node.tags?.length) lines.push(`tags: ${node.tags.join(', ')}`);
  return lines;
}

function kindOf(event: string): EdgeKind {
  if (event === 'always') return 'always';
  if (event.startsWith('xstate.done.actor.')) return 'done';
  if (event.startsWith('xstate.error.actor.')) return 'error';
  if (event.startsWith('xstate.after.')) return 'after';
  return 'event';
}

/** `a ✓, b ✗`: the guard outcomes as edge ids and the docs' tables write them. */
export const guardOutcomes = (guards: GuardOutcome[]) =>
  guards.map((g) => `${g.guard} ${g.ok ? '✓' : '✗'}`).join(', ');

/** `[!a && b]`: the guards as the diagrams label an edge. */
export const guardCondition = (guards: GuardOutcome[]) =>
  `[${guards.map((g) => `${g.ok ? '' : '!'}${g.guard}`).join(' && ')}]`;

export const targetText = (targets: string[] | null) =>
  targets === null ? '(not taken)' : targets.length ? targets.join(', ') : '(internal)';

/** The states `edge` enters: its targets and the initial states below them (every region of a parallel state). */
export function enteredStates(edge: DefinedEdge, nodes: ReadonlyMap<string, AnyStateNode>): AnyStateNode[] {
  const enter = (node: AnyStateNode): AnyStateNode[] => [
    node,
    ...(
      (node.type === 'parallel' ? Object.values(node.states) : (node.initial?.target ?? [])) as AnyStateNode[]
    ).flatMap(enter),
  ];
  return edge.targetIds.flatMap((id) => {
    const node = nodes.get(id);
    return node ? enter(node) : [];
  });
}

/** Every state node of the machine, the root first, in document order. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return nodes;
}

function candidateEdges(
  node: AnyStateNode,
  event: string,
  candidates: AnyTransitionDefinition[],
): DefinedEdge[] {
  const source = statePath(node);
  const edge = (guards: GuardOutcome[], transition?: AnyTransitionDefinition): DefinedEdge => {
    const targetNodes = (transition?.target ?? []) as AnyStateNode[];
    const targets = transition ? targetNodes.map(statePath) : null;
    const reenter = transition?.reenter ?? false;
    const guardText = guards.length ? ` [${guardOutcomes(guards)}]` : '';
    return {
      id: `${source} --${event}${guardText}--> ${targetText(targets)}${reenter && targets?.length ? ' (reenter)' : ''}`,
      source,
      sourceId: node.id,
      event,
      kind: kindOf(event),
      guards,
      targets,
      targetIds: targetNodes.map((target) => target.id),
      reenter,
      actions: (transition?.actions ?? []).map(actionName),
      transition,
    };
  };
  const edges: DefinedEdge[] = [];
  const failed: GuardOutcome[] = [];
  for (const transition of candidates) {
    if (transition.guard === undefined) return [...edges, edge(failed, transition)];
    edges.push(edge([...failed, { guard: guardName(transition.guard), ok: true }], transition));
    failed.push({ guard: guardName(transition.guard), ok: false });
  }
  return [...edges, edge(failed)];
}

/** Every edge the machine defines: each state node's `on`, invoke onDone/onError, `after` and `always`. */
export function definedEdges(machine: AnyStateMachine): DefinedEdge[] {
  return allStateNodes(machine).flatMap((node) => [
    ...[...(node.transitions as Map<string, AnyTransitionDefinition[]>)].flatMap(([event, candidates]) =>
      candidateEdges(node, event, candidates),
    ),
    ...(node.always?.length ? candidateEdges(node, 'always', node.always) : []),
  ]);
}

/** The defined edge a taken transition belongs to. */
export function edgeOfTransition(
  edges: DefinedEdge[],
  transition: AnyTransitionDefinition,
): DefinedEdge | undefined {
  return edges.find((edge) => edge.transition === transition);
}

interface MacrostepRecord {
  /** Active state node ids before the event. */
  before: readonly AnyStateNode[];
  /** The event sent (undefined for the start of the actor). */
  event: AnyEventObject | undefined;
  /** The transitions of each microstep, in order. */
  microsteps: AnyTransitionDefinition[][];
  /** Active state nodes once the macrostep settled. */
  after: readonly AnyStateNode[];
}

/**
 * The defined edges one macrostep took: each transition XState selected, plus the "every guard failed"
 * edges of the nodes that the event was offered to and that took nothing (the walk from each active
 * atomic state up to the node whose transition was taken), plus those of `always` lists whose guards
 * all fail in the settled state.
 */
export function takenEdges(edges: DefinedEdge[], record: MacrostepRecord): DefinedEdge[] {
  const taken = new Set<DefinedEdge | undefined>(
    record.microsteps.flat().map((transition) => edgeOfTransition(edges, transition)),
  );
  const noneTaken = (node: AnyStateNode, event: string) =>
    taken.add(edges.find((edge) => edge.sourceId === node.id && edge.event === event && !edge.transition));
  const event = record.event;
  if (event) {
    const first = new Set(record.microsteps[0] ?? []);
    for (const atomic of record.before.filter((node) => node.type === 'atomic' || node.type === 'final')) {
      for (let node: AnyStateNode | undefined = atomic; node; node = node.parent) {
        const candidates = (node.transitions as Map<string, AnyTransitionDefinition[]>).get(event.type);
        if (!candidates?.length) continue;
        if (candidates.some((transition) => first.has(transition))) break;
        noneTaken(node, event.type);
      }
    }
  }
  for (const node of record.after) if (node.always?.length) noneTaken(node, 'always');
  return [...taken].filter((edge) => edge !== undefined);
}

/** The edges a live event took, from the transitions the app's tab reported (the live view highlights them). */
export function loggedEdges(
  machine: AnyStateMachine,
  edges: DefinedEdge[],
  entry: Pick<LiveEvent, 'taken'>,
): string[] {
  return entry.taken.flatMap((taken) => {
    let node: AnyStateNode;
    try {
      node = machine.getStateNodeById(taken.source);
    } catch {
      return []; // a tab running another build named a state this one lacks
    }
    const transition = (taken.event ? node.transitions.get(taken.event) : node.always)?.[taken.index];
    const edge = transition && edgeOfTransition(edges, transition as AnyTransitionDefinition);
    return edge ? [edge.id] : [];
  });
}
