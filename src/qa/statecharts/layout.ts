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

/**
 * `collapsed` compound states are drawn as one box (with the number of states inside): the edges of
 * the states inside start or end at it, the edges between them are left out.
 */
const countInside = (node: AnyStateNode): number =>
  (Object.values(node.states) as AnyStateNode[]).reduce((sum, child) => sum + 1 + countInside(child), 0);

export async function layoutMachine(
  machine: AnyStateMachine,
  collapsed: ReadonlySet<string> = new Set(),
): Promise<Layout> {
  const meta = new Map<string, Omit<LaidNode, 'x' | 'y' | 'width' | 'height'>>();
  const elkEdges: ElkExtendedEdge[] = [];
  const edgeMeta = new Map<string, { edge: DefinedEdge | undefined; lines: string[] }>();
  let counter = 0;

  const initialEdge = (node: AnyStateNode, depth: number): ElkNode[] => {
    if (node.type === 'parallel') return [];
    const targets = (node.initial?.target ?? []) as AnyStateNode[];
    if (!targets.length) return [];
    const id = `initial:${node.id}`;
    meta.set(id, { ...BARE, id, kind: 'initial', depth });
    for (const target of targets) {
      const edgeId = `e${counter++}`;
      elkEdges.push({ id: edgeId, sources: [id], targets: [target.id] });
      edgeMeta.set(edgeId, { edge: undefined, lines: [] });
    }
    return [{ id, width: 12, height: 12 }];
  };

  const shape = (node: AnyStateNode, depth: number): ElkNode => {
    const children = Object.values(node.states) as AnyStateNode[];
    const collapsible = children.length > 0;
    const compound = collapsible && !collapsed.has(node.id);
    const inside = countInside(node);
    const lines = [...stateLines(node), ...(compound || !collapsible ? [] : [`▸ ${inside} states inside`])];
    meta.set(node.id, {
      id: node.id,
      kind: 'state',
      title: node.key,
      lines,
      compound,
      collapsible,
      parallel: node.type === 'parallel',
      depth,
    });
    if (!compound) {
      return {
        id: node.id,
        width: Math.max(textWidth([node.key]) + 28, textWidth(lines) + 20, 64),
        height: 30 + lines.length * LINE,
      };
    }
    const header = HEADER + lines.length * LINE;
    return {
      id: node.id,
      layoutOptions: {
        'elk.padding': `[top=${header + 8},left=14,bottom=14,right=14]`,
        'elk.direction': node.type === 'parallel' ? 'DOWN' : 'RIGHT',
      },
      width: Math.max(textWidth([node.key, ...lines]) + 28, 80),
      children: [...initialEdge(node, depth + 1), ...children.map((child) => shape(child, depth + 1))],
    };
  };

  const top = Object.values(machine.root.states) as AnyStateNode[];
  const rootChildren: ElkNode[] = [...initialEdge(machine.root, 0), ...top.map((node) => shape(node, 0))];

  // A state inside a collapsed one is drawn as the outermost collapsed state around it.
  const drawnAs = (id: string): string => {
    let drawn = id;
    for (let node: AnyStateNode | undefined = machine.getStateNodeById(id); node; node = node.parent)
      if (collapsed.has(node.id)) drawn = node.id;
    return drawn;
  };
  const edges = definedEdges(machine).filter(
    (edge) =>
      edge.transition &&
      (edge.sourceId === machine.root.id ||
        drawnAs(edge.sourceId) === edge.sourceId ||
        !edge.targetIds.every((id) => drawnAs(id) === drawnAs(edge.sourceId))),
  );
  if (edges.some((edge) => edge.sourceId === machine.root.id)) {
    meta.set('any', { ...BARE, id: 'any', kind: 'any', title: 'any state', depth: 0 });
    rootChildren.unshift({ id: 'any', width: 90, height: 30 });
  }
  for (const edge of edges) {
    const source = edge.sourceId === machine.root.id ? 'any' : drawnAs(edge.sourceId);
    const targets = edge.targetIds.length ? [...new Set(edge.targetIds.map(drawnAs))] : [source];
    const lines = edgeLabelLines(edge);
    for (const target of targets) {
      const id = `e${counter++}`;
      edgeMeta.set(id, { edge, lines });
      elkEdges.push({
        id,
        sources: [source],
        targets: [target],
        labels: [
          {
            id: `${id}:label`,
            text: lines.join('\n'),
            width: textWidth(lines) + 8,
            height: lines.length * LINE + 4,
          },
        ],
      });
    }
  }

  const elk = new ELK();
  const graph = await elk.layout<ElkNode>({
    id: 'root',
    layoutOptions: {
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
    },
    children: rootChildren,
    edges: elkEdges,
  });

  const nodes: LaidNode[] = [];
  const laidEdges: LaidEdge[] = [];
  const collect = (shape: ElkNode) => {
    const info = meta.get(shape.id);
    if (info) nodes.push({ ...info, ...boxOf(shape) });
    for (const e of shape.edges ?? []) {
      const edge = edgeMeta.get(e.id);
      const points = (e.sections ?? []).flatMap((section): ElkPoint[] => [
        section.startPoint,
        ...(section.bendPoints ?? []),
        section.endPoint,
      ]);
      const label = e.labels?.[0];
      laidEdges.push({
        id: e.id,
        edge: edge?.edge,
        points,
        label: label && edge?.lines.length ? { lines: edge.lines, ...boxOf(label) } : undefined,
      });
    }
    for (const child of shape.children ?? []) collect(child);
  };
  collect(graph);
  return { nodes, edges: laidEdges, width: graph.width ?? 0, height: graph.height ?? 0 };
}
