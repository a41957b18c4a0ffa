import ELK from 'elkjs/lib/elk.bundled.js';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { actionName, type DefinedEdge, definedEdges } from './edges';

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

interface ElkShape {
  id: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  children?: ElkShape[];
  labels?: ElkShape[];
  edges?: ElkEdge[];
  layoutOptions?: Record<string, string>;
  text?: string;
}
interface ElkEdge {
  id: string;
  sources: string[];
  targets: string[];
  labels?: ElkShape[];
  sections?: { startPoint: Pt; endPoint: Pt; bendPoints?: Pt[] }[];
}
interface Pt {
  x: number;
  y: number;
}

const textWidth = (lines: string[]) => Math.max(0, ...lines.map((line) => line.length)) * CHAR;

export function shortEvent(event: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event);
  if (done) return `done: ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event);
  if (error) return `error: ${error[1]}`;
  return event;
}

export function edgeLabelLines(edge: DefinedEdge): string[] {
  const lines = [shortEvent(edge.event)];
  if (edge.guards.length)
    lines.push(`[${edge.guards.map((g) => `${g.ok ? '' : '!'}${g.guard}`).join(' && ')}]`);
  if (edge.actions.length) lines.push(`/ ${edge.actions.join(', ')}`);
  if (edge.reenter) lines.push('(reenter)');
  return lines;
}

function stateLines(node: AnyStateNode): string[] {
  const lines: string[] = [];
  if (node.entry.length) lines.push(`entry / ${node.entry.map(actionName).join(', ')}`);
  if (node.exit.length) lines.push(`exit / ${node.exit.map(actionName).join(', ')}`);
  for (const invoke of node.invoke) lines.push(`invoke ${invoke.id}`);
  if (node.tags?.length) lines.push(`tags: ${node.tags.join(', ')}`);
  return lines;
}

export async function layoutMachine(machine: AnyStateMachine): Promise<Layout> {
  const meta = new Map<string, Omit<LaidNode, 'x' | 'y' | 'width' | 'height'>>();
  const elkEdges: ElkEdge[] = [];
  const edgeMeta = new Map<string, { edge: DefinedEdge | undefined; lines: string[] }>();
  let counter = 0;

  const initialEdge = (node: AnyStateNode, depth: number): ElkShape[] => {
    if (node.type === 'parallel') return [];
    const targets = (node.initial?.target ?? []) as AnyStateNode[];
    if (!targets.length) return [];
    const id = `initial:${node.id}`;
    meta.set(id, { id, kind: 'initial', title: '', lines: [], compound: false, parallel: false, depth });
    for (const target of targets) {
      const edgeId = `e${counter++}`;
      elkEdges.push({ id: edgeId, sources: [id], targets: [target.id] });
      edgeMeta.set(edgeId, { edge: undefined, lines: [] });
    }
    return [{ id, width: 12, height: 12 }];
  };

  const shape = (node: AnyStateNode, depth: number): ElkShape => {
    const children = Object.values(node.states) as AnyStateNode[];
    const lines = stateLines(node);
    const compound = children.length > 0;
    meta.set(node.id, {
      id: node.id,
      kind: 'state',
      title: node.key,
      lines,
      compound,
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
  const rootChildren: ElkShape[] = [...initialEdge(machine.root, 0), ...top.map((node) => shape(node, 0))];

  const edges = definedEdges(machine).filter((edge) => edge.transition);
  if (edges.some((edge) => edge.sourceId === machine.root.id)) {
    meta.set('any', {
      id: 'any',
      kind: 'any',
      title: 'any state',
      lines: [],
      compound: false,
      parallel: false,
      depth: 0,
    });
    rootChildren.unshift({ id: 'any', width: 90, height: 30 });
  }
  for (const edge of edges) {
    const source = edge.sourceId === machine.root.id ? 'any' : edge.sourceId;
    const targets = edge.targetIds.length ? edge.targetIds : [source];
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
  const graph = (await elk.layout({
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
  } as never)) as unknown as ElkShape;

  const nodes: LaidNode[] = [];
  const collect = (shapes: ElkShape[] | undefined) => {
    for (const s of shapes ?? []) {
      const info = meta.get(s.id);
      if (info) nodes.push({ ...info, x: s.x ?? 0, y: s.y ?? 0, width: s.width ?? 0, height: s.height ?? 0 });
      collect(s.children);
    }
  };
  collect(graph.children);

  const laidEdges: LaidEdge[] = [];
  const collectEdges = (shape: ElkShape) => {
    for (const e of shape.edges ?? []) {
      const info = edgeMeta.get(e.id);
      const points: Pt[] = [];
      for (const section of (e as ElkEdge).sections ?? []) {
        points.push(section.startPoint, ...(section.bendPoints ?? []), section.endPoint);
      }
      const label = (e as ElkEdge).labels?.[0];
      laidEdges.push({
        id: e.id,
        edge: info?.edge,
        points,
        label:
          label && info?.lines.length
            ? {
                lines: info.lines,
                x: label.x ?? 0,
                y: label.y ?? 0,
                width: label.width ?? 0,
                height: label.height ?? 0,
              }
            : undefined,
      });
    }
    for (const child of shape.children ?? []) collectEdges(child);
  };
  collectEdges(graph);
  return { nodes, edges: laidEdges, width: graph.width ?? 0, height: graph.height ?? 0 };
}
