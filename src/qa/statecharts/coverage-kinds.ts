import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { CONFIRMATIONS } from '../../features/confirmations';
import { FORM_DIALOGS } from '../../features/form-dialogs';
import unreachableList from './coverage-unreachable.json';
import { allStateNodes, type DefinedEdge, definedEdges, enteredStates } from './edges';
import { eventLabel, type MachineModel, PureRun } from './model-kit';
import { type ModelPath, type PathStep, pathName, stateKey } from './paths';

/**
 * Coverage beyond edges (issue 25, point 3; in full in docs/house-rules.md, "Beyond edges"): guard outcomes
 * (`<state> --<event> #<n> <guard> ✓|✗`), transition pairs (`<edge> ⇒ <edge>`, PAIR_MACHINES) and the
 * configurations of parallel regions. DEFINED comes from the definition alone, REACHABLE from `explore`,
 * COVERED from the edges the walks' steps took (`KindCollector`). Defined but unreachable must be listed
 * with a reason (coverage-unreachable.json); reachable but not covered is a failure.
 */

export type CoverageKind = 'guards' | 'pairs' | 'configurations';
export const COVERAGE_KINDS: CoverageKind[] = ['guards', 'pairs', 'configurations'];

/** The machines whose transition pairs are measured: the session, login, the lists, the profile and each dialog. */
export const PAIR_MACHINES = [
  ...['session', 'login', 'itemsPaging', 'usersPaging', 'profile'],
  ...[...FORM_DIALOGS, ...CONFIRMATIONS].map((dialog) => dialog.name),
];

export type KindSets = Record<CoverageKind, string[]>;

// ---------------------------------------------------------------------------------------------------
// Item names

export function guardItems(edge: DefinedEdge): string[] {
  return edge.guards.map(
    (guard, index) => `${edge.source} --${edge.event} #${index + 1} ${guard.guard} ${guard.ok ? '✓' : '✗'}`,
  );
}

export function pairItem(first: DefinedEdge, second: DefinedEdge): string {
  return `${first.id}  ⇒  ${second.id}`;
}

/** `a.b + c.d`: the active atomic states, in document order. */
export function configurationOf(snapshot: AnyMachineSnapshot): string {
  return (snapshot._nodes as AnyStateNode[])
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .sort((a, b) => a.order - b.order)
    .map((node) => node.path.join('.'))
    .join(' + ');
}

export function hasParallelRegions(machine: AnyStateMachine): boolean {
  return allStateNodes(machine).some((node) => node.type === 'parallel');
}

/** The transitions one step took, in microstep order (the "every guard failed" edges left out). */
export function transitionsOf(edges: readonly DefinedEdge[]): DefinedEdge[] {
  return edges.filter((edge) => edge.transition !== undefined);
}

// ---------------------------------------------------------------------------------------------------
// Defined: from the machine definition alone

function isAncestorOrSelf(ancestor: AnyStateNode, node: AnyStateNode): boolean {
  for (let current: AnyStateNode | undefined = node; current; current = current.parent)
    if (current === ancestor) return true;
  return false;
}

/** Two nodes in different regions of one parallel state: both can be active at once. */
function orthogonal(a: AnyStateNode, b: AnyStateNode): boolean {
  for (let ancestor: AnyStateNode | undefined = a.parent; ancestor; ancestor = ancestor.parent) {
    if (!isAncestorOrSelf(ancestor, b)) continue;
    return ancestor.type === 'parallel' && a !== ancestor && b !== ancestor;
  }
  return false;
}

/** A state that is left at once: its eventless transitions end in one without a guard. */
function transient(node: AnyStateNode): boolean {
  const always = node.always ?? [];
  return always.length > 0 && always.at(-1)?.guard === undefined;
}

/** The atomic states below `node` where the machine can rest (any of them may be the active one). */
function restingBelow(node: AnyStateNode): AnyStateNode[] {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) return transient(node) ? [] : [node];
  return children.flatMap(restingBelow);
}

/**
 * The atomic states active right after a transition: where its targets are entered, or, for a
 * transition without a target, any resting state below its source.
 */
function landing(edge: DefinedEdge, nodes: Map<string, AnyStateNode>): AnyStateNode[] {
  if (edge.targets && edge.targets.length > 0)
    return enteredStates(edge, nodes).filter((node) => Object.keys(node.states).length === 0);
  const source = nodes.get(edge.sourceId);
  return source ? restingBelow(source) : [];
}

/**
 * The pairs the structure allows: the second transition leaves a state active after the first (an
 * ancestor of where the first lands, or a state in a parallel region beside it); after landing in a
 * transient state, only its own eventless transitions can come next.
 */
function definedPairs(machine: AnyStateMachine): string[] {
  const nodes = new Map(allStateNodes(machine).map((node) => [node.id, node]));
  const transitions = transitionsOf(definedEdges(machine));
  const pairs: string[] = [];
  for (const first of transitions) {
    const lands = landing(first, nodes);
    for (const second of transitions) {
      const source = nodes.get(second.sourceId);
      if (!source) continue;
      const possible = lands.some((leaf) =>
        transient(leaf)
          ? second.sourceId === leaf.id && second.event === 'always'
          : isAncestorOrSelf(source, leaf) || orthogonal(leaf, source),
      );
      if (possible) pairs.push(pairItem(first, second));
    }
  }
  return pairs;
}

/** Every combination of atomic states the regions allow (the product over parallel regions). */
function definedConfigurations(machine: AnyStateMachine): string[] {
  const combos = (node: AnyStateNode): string[][] => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (children.length === 0) return [[node.path.join('.')]];
    if (node.type !== 'parallel') return children.flatMap(combos);
    return children.reduce<string[][]>(
      (product, child) => product.flatMap((left) => combos(child).map((right) => [...left, ...right])),
      [[]],
    );
  };
  return combos(machine.root).map((leaves) => leaves.join(' + '));
}

export function definedItems(model: MachineModel): KindSets {
  const edges = definedEdges(model.machine);
  return {
    guards: [...new Set(edges.flatMap(guardItems))],
    pairs: PAIR_MACHINES.includes(model.name) ? definedPairs(model.machine) : [],
    configurations: hasParallelRegions(model.machine) ? definedConfigurations(model.machine) : [],
  };
}

// ---------------------------------------------------------------------------------------------------
// Reachable: an exhaustive traversal with the model's events

interface Vertex {
  snapshot: AnyMachineSnapshot;
  /** How the traversal got here: the input and the events from its initial snapshot. */
  input: { label: string; input?: unknown };
  initial: AnyMachineSnapshot;
  steps: PathStep[];
  /** The last transition taken on the way (undefined at the start). */
  last: DefinedEdge | undefined;
  /** The run of its input, to step on from it. */
  run: PureRun;
}

export interface Exploration {
  items: KindSets;
  /** Per pair item, a path whose last steps take it (the pair walks are built from these). */
  pairWitness: Map<string, Vertex>;
}

const cache = new Map<MachineModel, Exploration>();

/**
 * Every vertex the model's events reach, breadth first. A vertex is the state key and, for PAIR_MACHINES,
 * the last transition, so that every pair is tried from a snapshot that really follows its first transition.
 */
export function explore(model: MachineModel): Exploration {
  const cached = cache.get(model);
  if (cached) return cached;
  const kinds = new KindCollector(model);
  const pairWitness = new Map<string, Vertex>();
  const seen = new Set<string>();
  const queue: Vertex[] = [];
  const visit = (vertex: Vertex) => {
    const key = `${stateKey(model, vertex.snapshot)}${kinds.withPairs ? ` after ${vertex.last?.id ?? '(start)'}` : ''}`;
    if (!seen.has(key)) queue.push(vertex);
    seen.add(key);
  };

  for (const input of model.inputs) {
    const run = new PureRun(model, input.input);
    kinds.startPath();
    kinds.step(run.startEdges, run.snapshot);
    visit({ snapshot: run.snapshot, input, initial: run.snapshot, steps: [], last: kinds.last, run });
  }
  for (let index = 0; index < queue.length; index++) {
    const vertex = queue[index] as Vertex;
    if (vertex.snapshot.status !== 'active') continue;
    for (const event of model.events(vertex.snapshot) as AnyEventObject[]) {
      vertex.run.snapshot = vertex.snapshot;
      kinds.last = vertex.last;
      const taken = vertex.run.send(event);
      const snapshot = vertex.run.snapshot;
      kinds.step(taken, snapshot);
      const steps = [...vertex.steps, { event, label: eventLabel(event), state: snapshot }];
      const next = { ...vertex, snapshot, steps, last: kinds.last };
      for (const item of kinds.fresh) pairWitness.set(item, next);
      visit(next);
    }
  }
  const result = { items: kinds.items(), pairWitness };
  cache.set(model, result);
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Covered: from what the walks did

/** Collects the items of each kind that walked steps take; feed it the steps of `walkPath`. */
export class KindCollector {
  readonly guards = new Set<string>();
  readonly pairs = new Set<string>();
  readonly configurations = new Set<string>();
  /** The pairs the last step took for the first time. */
  fresh: string[] = [];
  last: DefinedEdge | undefined;
  readonly withPairs: boolean;
  private readonly parallel: boolean;

  constructor(model: MachineModel) {
    this.withPairs = PAIR_MACHINES.includes(model.name);
    this.parallel = hasParallelRegions(model.machine);
  }

  /** A new walk starts: its first transition follows nothing. */
  startPath(): void {
    this.last = undefined;
  }

  step(edges: readonly DefinedEdge[], snapshot: AnyMachineSnapshot): void {
    for (const edge of edges) for (const item of guardItems(edge)) this.guards.add(item);
    if (this.parallel) this.configurations.add(configurationOf(snapshot));
    this.fresh = [];
    for (const transition of transitionsOf(edges)) {
      const item = this.last && this.withPairs ? pairItem(this.last, transition) : undefined;
      if (item && !this.pairs.has(item)) this.fresh.push(item);
      if (item) this.pairs.add(item);
      this.last = transition;
    }
  }

  items(): KindSets {
    return { guards: [...this.guards], pairs: [...this.pairs], configurations: [...this.configurations] };
  }
}

// ---------------------------------------------------------------------------------------------------
// Pair walks: paths that take every reachable pair

/**
 * Paths that together take every reachable transition pair of the machine: for each pair not yet
 * taken by an earlier path, the traversal's path to it (an ordinary model path `walkPath` replays).
 */
export function pairPaths(model: MachineModel): ModelPath[] {
  if (!PAIR_MACHINES.includes(model.name)) return [];
  const { pairWitness } = explore(model);
  const taken = new Set<string>();
  // Longest witnesses first: they take the most pairs on their way, so fewer paths are needed.
  const witnesses = [...pairWitness.entries()].sort((a, b) => b[1].steps.length - a[1].steps.length);
  const paths: ModelPath[] = [];
  for (const [item, witness] of witnesses) {
    if (taken.has(item)) continue;
    // The pairs this path takes on its way (so later witnesses already taken are skipped).
    const run = new PureRun(model, witness.input.input);
    const kinds = new KindCollector(model);
    for (const step of witness.steps) kinds.step(run.send(step.event), run.snapshot);
    for (const pair of kinds.pairs) taken.add(pair);
    paths.push({
      id: `pairs · ${witness.input.label} · ${pathName(witness.steps)}`,
      inputLabel: witness.input.label,
      input: witness.input.input,
      initial: witness.initial,
      steps: witness.steps,
    });
  }
  const seen = new Set<string>();
  return paths.filter((path) => !seen.has(path.id) && seen.add(path.id));
}

// ---------------------------------------------------------------------------------------------------
// The measure: covered against reachable, unreachable against the committed list

interface UnreachableList {
  /** Reason key → why. */
  reasons: Record<string, string>;
  /** Machine → kind → item → reason key. */
  machines: Record<string, Partial<Record<CoverageKind, Record<string, string>>>>;
}

export const UNREACHABLE = unreachableList as UnreachableList;

export interface KindMeasure {
  defined: number;
  reachable: number;
  /** null when no walk reported this machine's items (e.g. a report of edge records only). */
  covered: number | null;
  /** Reachable but not taken by any walk: a failure. */
  uncovered: string[];
  /** Defined but not reachable with the model's events, each with the committed reason. */
  unreachable: { item: string; reason: string }[];
  /** Unreachable but missing from coverage-unreachable.json: a failure. */
  unlisted: string[];
  /** Listed as unreachable but reachable now (or no longer defined): a failure. */
  stale: string[];
}

export type KindsMeasure = Record<CoverageKind, KindMeasure>;

/** One machine's three measures, from its definition, its traversal and the walks' items. */
export function measureKinds(model: MachineModel, covered: KindSets | null): KindsMeasure {
  const defined = definedItems(model);
  const reachable = explore(model).items;
  const listed = UNREACHABLE.machines[model.name] ?? {};
  const measure = (kind: CoverageKind): KindMeasure => {
    const reach = new Set(reachable[kind]);
    const list = listed[kind] ?? {};
    const taken = covered ? new Set(covered[kind]) : null;
    const unreachable = defined[kind].filter((item) => !reach.has(item));
    const definedSet = new Set(defined[kind]);
    return {
      defined: defined[kind].length,
      reachable: reach.size,
      covered: taken ? reachable[kind].filter((item) => taken.has(item)).length : null,
      uncovered: taken ? reachable[kind].filter((item) => !taken.has(item)) : [],
      unreachable: unreachable
        .filter((item) => list[item] !== undefined)
        .map((item) => ({
          item,
          reason: UNREACHABLE.reasons[list[item] as string] ?? `(no reason '${list[item]}')`,
        })),
      unlisted: unreachable.filter((item) => list[item] === undefined),
      stale: Object.keys(list).filter((item) => reach.has(item) || !definedSet.has(item)),
    };
  };
  return { guards: measure('guards'), pairs: measure('pairs'), configurations: measure('configurations') };
}

/** Every failure of a machine's measures, one line each (empty when the figure is 100 % or listed). */
export function kindFailures(machine: string, measures: KindsMeasure): string[] {
  return COVERAGE_KINDS.flatMap((kind) => {
    const { uncovered, unlisted, stale } = measures[kind];
    const say = (what: string, items: string[]) =>
      items.map((item) => `${machine} ${kind}: ${what}: ${item}`);
    return [
      ...say('reachable, not walked', uncovered),
      ...say('unreachable, not in coverage-unreachable.json', unlisted),
      ...say('in coverage-unreachable.json, but reachable or not defined', stale),
    ];
  });
}

/** `guards 6/6 pairs 49/49 (+11 unreachable) configurations -`: covered/reachable per kind. */
export function formatKinds(measures: KindsMeasure): string {
  return COVERAGE_KINDS.map((kind) => {
    const m = measures[kind];
    if (m.defined === 0) return `${kind} -`;
    const covered = m.covered === null ? '?' : String(m.covered);
    const unreachable = m.unreachable.length + m.unlisted.length;
    return `${kind} ${covered}/${m.reachable}${unreachable ? ` (+${unreachable} unreachable)` : ''}`;
  }).join('  ');
}
