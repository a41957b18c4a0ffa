import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs/lib/elk-api';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { type DefinedEdge, definedEdges, guardCondition, stateLines } from './edges';

/**
 * Lays a machine out as a nested statechart with ELK (layered, hierarchy-aware): state nodes as boxes
 * (compound states contain their children), a dot per initial state, an "any state" box for root-level
 * transitions, and one labelled edge per taken-able defined edge. Coordinates are absolute.
 */

export const FONT_SIZE = 12;
const CHAR = 7.4;
const LINE = 15;
const HEADER = 26;

export interface LaidNode {
  id: string;
  kind: 'state' | 'initial' | 'any';
  title: string;
  lines: string[];
  compound: boolean;
  /** Has child states, drawn inside it unless the state is collapsed (`compound` false then). */
  collapsible: boolean;
  parallel: boolean;
  depth: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidEdge {
  id: string;
  edge: DefinedEdge | undefined;
  points: { x: number; y: number }[];
  label: { lines: string[]; x: number; y: number; width: number; height: number } | undefined;
}

export interface Layout {
  nodes: LaidNode[];
  edges: LaidEdge[];
  width: number;
  height: number;
}

/** A box without text or children (an initial dot, the "any state" box). */
const BARE = { title: '', lines: [], compound: false, collapsible: false, parallel: false };

/** ELK's optional coordinates, 0 where missing. */
const boxOf = (shape: { x?: number; y?: number; width?: number; height?: number }) => ({
  x: shape.x ?? 0,
  y: shape.y ?? 0,
  width: shape.width ?? 0,
  height: shape.height ?? 0,
});

const textWidth = (lines: string[]) => Math.max(0, ...lines.map((line) => line.length)) * CHAR;

/** An edge's label: `done: submit` for an invoke's result, then [guards], / actions and (reenter). */
function edgeLabelLines(edge: DefinedEdge): string[] {
  const lines = [edge.event.replace(/^xstate\.(done|error)\.actor\./, '$1: ')];
  if (edge.guards.length) lines.push(guardCondition(edge.guards));
  if (edge.actions.length) lines.push(`/ ${edge.actions.join(', ')}`);
  if (edge.reenter) lines.push('(reenter)');
  return lines;
}

/** What the drawing needs beside ELK's coordinates, by ELK id, and the edges handed to ELK. */
interface Graph {
  nodes: Map<string, Omit<LaidNode, 'x' | 'y' | 'width' | 'height'>>;
  edges: Map<string, { edge: DefinedEdge | undefined; lines: string[] }>;
  elkEdges: ElkExtendedEdge[];
}

function addEdge(
  graph: Graph,
  source: string,
  target: string,
  edge: DefinedEdge | undefined,
  lines: string[],
) {
  const id = `e${graph.edges.size}`;
  graph.edges.set(id, { edge, lines });
  const label = {
    id: `${id}:label`,
    text: lines.join('\n'),
    width: textWidth(lines) + 8,
    height: lines.length * LINE + 4,
  };
  graph.elkEdges.push({
    id,
    sources: [source],
    targets: [target],
    ...(lines.length ? { labels: [label] } : {}),
  });
}

const countInside = (node: AnyStateNode): number =>
  (Object.values(node.states) as AnyStateNode[]).reduce((sum, child) => sum + 1 + countInside(child), 0);

/**
 * The states as ELK boxes: a compound state holds its children and an initial dot; a `collapsed` one is
 * one box saying how many states it holds.
 */
function stateBoxes(graph: Graph, machine: AnyStateMachine, collapsed: ReadonlySet<string>): ElkNode[] {
  const initialDot = (node: AnyStateNode, depth: number): ElkNode[] => {
    const targets = node.type === 'parallel' ? [] : ((node.initial?.target ?? []) as AnyStateNode[]);
    if (!targets.length) return [];
    const id = `initial:${node.id}`;
    graph.nodes.set(id, { ...BARE, id, kind: 'initial', depth });
    for (const target of targets) addEdge(graph, id, target.id, undefined, []);
    return [{ id, width: 12, height: 12 }];
  };
  const box = (node: AnyStateNode, depth: number): ElkNode => {
    const children = Object.values(node.states) as AnyStateNode[];
    const collapsible = children.length > 0;
    const compound = collapsible && !collapsed.has(node.id);
    const folded = compound || !collapsible ? [] : [`▸ ${countInside(node)} states inside`];
    const lines = [...stateLines(node), ...folded];
    const parallel = node.type === 'parallel';
    graph.nodes.set(node.id, {
      id: node.id,
      kind: 'state',
      title: node.key,
      lines,
      compound,
      collapsible,
      parallel,
      depth,
    });
    if (!compound) {
      const width = Math.max(textWidth([node.key]) + 28, textWidth(lines) + 20, 64);
      return { id: node.id, width, height: 30 + lines.length * LINE };
    }
    const header = HEADER + lines.length * LINE;
    return {
      id: node.id,
      layoutOptions: {
        'elk.padding': `[top=${header + 8},left=14,bottom=14,right=14]`,
        'elk.direction': parallel ? 'DOWN' : 'RIGHT',
      },
      width: Math.max(textWidth([node.key, ...lines]) + 28, 80),
      children: [...initialDot(node, depth + 1), ...children.map((child) => box(child, depth + 1))],
    };
  };
  const top = Object.values(machine.root.states) as AnyStateNode[];
  return [...initialDot(machine.root, 0), ...top.map((node) => box(node, 0))];
}

/**
 * One labelled edge per target of each taken-able defined edge; an edge of a state inside a collapsed
 * one starts or ends at the collapsed box, and one between two states inside it is left out. Returns
 * whether a root-level edge needs the "any state" box.
 */
function addDefinedEdges(graph: Graph, machine: AnyStateMachine, collapsed: ReadonlySet<string>): boolean {
  const drawnAs = (id: string): string => {
    let drawn = id;
    for (let node: AnyStateNode | undefined = machine.getStateNodeById(id); node; node = node.parent)
      if (collapsed.has(node.id)) drawn = node.id;
    return drawn;
  };
  const root = machine.root.id;
  const edges = definedEdges(machine).filter(
    (edge) =>
      edge.transition &&
      (edge.sourceId === root ||
        drawnAs(edge.sourceId) === edge.sourceId ||
        !edge.targetIds.every((id) => drawnAs(id) === drawnAs(edge.sourceId))),
  );
  for (const edge of edges) {
    const source = edge.sourceId === root ? 'any' : drawnAs(edge.sourceId);
    const targets = edge.targetIds.length ? [...new Set(edge.targetIds.map(drawnAs))] : [source];
    for (const target of targets) addEdge(graph, source, target, edge, edgeLabelLines(edge));
  }
  return edges.some((edge) => edge.sourceId === root);
}

const ELK_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.json.edgeCoords': 'ROOT',
  'elk.json.shapeCoords': 'ROOT',
  'elk.edgeRouting': 'SPLINES',
  'elk.layered.spacing.nodeNodeBetweenLayers': '48',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.edgeEdge': '12',
  'elk.layered.edgeLabels.sideSelection': 'ALWAYS_UP',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.padding': '[top=16,left=16,bottom=16,right=16]',
};

/** ELK's laid-out graph read back as absolute boxes and polylines. */
function readLayout(graph: Graph, laid: ElkNode): Layout {
  const nodes: LaidNode[] = [];
  const edges: LaidEdge[] = [];
  const collect = (shape: ElkNode) => {
    const info = graph.nodes.get(shape.id);
    if (info) nodes.push({ ...info, ...boxOf(shape) });
    for (const e of shape.edges ?? []) {
      const edge = graph.edges.get(e.id);
      const points = (e.sections ?? []).flatMap((section): ElkPoint[] => [
        section.startPoint,
        ...(section.bendPoints ?? []),
        section.endPoint,
      ]);
      const label = e.labels?.[0];
      const lines = edge?.lines ?? [];
      edges.push({
        id: e.id,
        edge: edge?.edge,
        points,
        label: label && lines.length ? { lines, ...boxOf(label) } : undefined,
      });
    }
    for (const child of shape.children ?? []) collect(child);
  };
  collect(laid);
  return { nodes, edges, width: laid.width ?? 0, height: laid.height ?? 0 };
}

export async function layoutMachine(
  machine: AnyStateMachine,
  collapsed: ReadonlySet<string> = new Set(),
): Promise<Layout> {
  const graph: Graph = { nodes: new Map(), edges: new Map(), elkEdges: [] };
  const children = stateBoxes(graph, machine, collapsed);
  if (addDefinedEdges(graph, machine, collapsed)) {
    graph.nodes.set('any', { ...BARE, id: 'any', kind: 'any', title: 'any state', depth: 0 });
    children.unshift({ id: 'any', width: 90, height: 30 });
  }
  const laid = await new ELK().layout<ElkNode>({
    id: 'root',
    layoutOptions: ELK_OPTIONS,
    children,
    edges: graph.elkEdges,
  });
  return readLayout(graph, laid);
}
