import {
  COVERAGE_KINDS,
  type CoverageKind,
  explore,
  guardItems,
  KindCollector,
  type KindSets,
  type KindsMeasure,
  measureKinds,
  pairPaths,
} from './coverage-kinds';
import type { EdgeCoverage } from './Diagram';
import type { DefinedEdge } from './edges';
import type { MachineFixture } from './fixtures';
import { type MachineModel, PureRun } from './model-kit';
import { fixtureRecording, replayRecording } from './replay';
import type { MachineWalkedBy } from './walked-by';

/** Coverage beyond edges as the viewer measures it, in the browser, as `npm run coverage:paths` does. */

/** The guard outcomes, pairs and configurations the committed paths and the pair paths take. */
export function walkedKinds(model: MachineModel, fixture: MachineFixture): KindSets {
  const collector = new KindCollector(model);
  for (const path of fixture.paths) {
    collector.startPath();
    for (const step of replayRecording(model, fixtureRecording(model.name, path)).steps)
      collector.step(step.edges, step.snapshot);
  }
  for (const path of pairPaths(model)) {
    const run = new PureRun(model, path.input);
    collector.startPath();
    collector.step(run.startEdges, run.snapshot);
    for (const step of path.steps) collector.step(run.send(step.event), run.snapshot);
  }
  return collector.items();
}

export type ItemStatus = 'walked' | 'not walked' | 'unreachable' | 'unreachable, not listed';

export interface KindItem {
  item: string;
  status: ItemStatus;
  /** Why it cannot be reached (coverage-unreachable.json). */
  reason?: string;
}

export interface KindView {
  kind: CoverageKind;
  measure: KindsMeasure[CoverageKind];
  items: KindItem[];
}

/** Per kind, the measure and every item with its status: reachable ones first, in traversal order. */
export function kindViews(model: MachineModel, fixture: MachineFixture): KindView[] {
  const measures = measureKinds(model, walkedKinds(model, fixture));
  const reachable = explore(model).items;
  return COVERAGE_KINDS.map((kind) => {
    const measure = measures[kind];
    const uncovered = new Set(measure.uncovered);
    return {
      kind,
      measure,
      items: [
        ...reachable[kind].map(
          (item): KindItem => ({ item, status: uncovered.has(item) ? 'not walked' : 'walked' }),
        ),
        ...measure.unreachable.map(({ item, reason }): KindItem => ({ item, status: 'unreachable', reason })),
        ...measure.unlisted.map((item): KindItem => ({ item, status: 'unreachable, not listed' })),
      ],
    };
  });
}

/**
 * Each edge as the diagram paints it in the Coverage panel: walked when a test walks it (walked-by/),
 * else unreachable when one of its guard outcomes is (with that reason), else not walked.
 */
export function edgeCoverage(
  edges: DefinedEdge[],
  report: MachineWalkedBy | undefined,
  views: KindView[] | null,
): Map<string, EdgeCoverage> {
  const unreachable = new Map(
    (views?.find((view) => view.kind === 'guards')?.items ?? [])
      .filter((entry) => entry.status.startsWith('unreachable'))
      .map((entry) => [entry.item, entry.reason ?? 'not listed in coverage-unreachable.json']),
  );
  return new Map(
    edges.map((edge): [string, EdgeCoverage] => {
      const walked = report?.walkedBy[edge.id];
      if (walked && walked.machine.count + walked.ui.count > 0) return [edge.id, { status: 'walked' }];
      const reason = guardItems(edge)
        .map((item) => unreachable.get(item))
        .find(Boolean);
      return [edge.id, reason ? { status: 'unreachable', reason } : { status: 'not walked' }];
    }),
  );
}
