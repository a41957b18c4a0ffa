import {
  COVERAGE_KINDS,
  type CoverageKind,
  explore,
  KindCollector,
  type KindSets,
  type KindsMeasure,
  measureKinds,
  pairPaths,
} from './coverage-kinds';
import type { MachineFixture } from './fixtures';
import type { MachineModel } from './model-kit';
import { fixtureRecording, replayRecording, runEvents } from './replay';

/**
 * Coverage beyond edges as the viewer shows it: the items the walks take, computed in the browser from
 * what tests/model/coverage-kinds.test.ts walks (every committed fixture path and the pair paths),
 * replayed on the machine's pure transition; measured against the definition and its traversal
 * (coverage-kinds.ts) as `npm run coverage:paths` measures them.
 */

/** The guard outcomes, pairs and configurations the committed paths and the pair paths take. */
export function walkedKinds(model: MachineModel, fixture: MachineFixture): KindSets {
  const collector = new KindCollector(model);
  for (const path of fixture.paths) {
    collector.startPath();
    for (const step of replayRecording(model, fixtureRecording(model.name, path)).steps)
      collector.step(step.edges, step.snapshot);
  }
  for (const path of pairPaths(model)) {
    collector.startPath();
    runEvents(
      model,
      path.input,
      path.steps.map((step) => step.event),
      (edges, snapshot) => collector.step(edges, snapshot),
    );
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
