import { waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent } from 'xstate';
import { getToken } from '../../../src/api/token';
import { listenToActors } from '../../../src/features/app/inspect';
import { definedEdges } from '../../../src/qa/statecharts/edges';
import type { MachineModel } from '../../../src/qa/statecharts/model-kit';
import {
  generatePaths,
  type ModelPath,
  type PathStep,
  stateKey,
  stateLabel,
} from '../../../src/qa/statecharts/paths';
import { walkPath } from '../../../src/qa/statecharts/walk';
import { recordCoverage } from '../../model/coverage';
import { walkWanted } from '../../model/walk-filter';
import { type Api, renderedApp, startApi } from '../harness';
import { profileShown, type UiStep, type UiTrace, uiViolations } from './ui-oracles';
import { recordWire, type WireLog } from './wire';

/**
 * UI walks: the paths @xstate/graph generates for a machine (src/qa/statecharts/paths.ts, the
 * same ones the model tests walk) are driven through the real route component, against the real API
 * server. For each step a driver performs the user action that produces the step's event (typing,
 * clicking, changing the URL; for a call's outcome: letting the real server answer, after arranging
 * the server side so that it answers as the path says), then the walk checks that the app's own actor
 * (seen through src/features/app/inspect.ts) is in the state the path predicts, and the driver asserts
 * what the user sees in that state. Only then are the step's edges recorded as covered at UI level.
 *
 * - A control the state does not offer (a disabled Next or Save) is a step the driver reports as
 *   `blocked`: it asserts the control is disabled, and the path's step must change nothing.
 * - `form.set` (several fields at once) is realised as editing each field; the state reached is checked.
 * - While a call is under way (`submitting`, `signedIn.loading`, a list `loading`), the server is
 *   paused (SIGSTOP) the moment the actor enters the state, so that the screen can be asserted; it is
 *   resumed before the next step. Where two calls can be in flight at once and must be answered in the
 *   path's order (the e-mail notice's check and resend), the driver holds each request in the browser
 *   instead (request-gate.ts) and lets it go at the step that names its answer.
 * - A step the app takes by itself right after the previous one (a list page already in the cache
 *   answers at once) may be passed through without stopping: the actor's history must show it.
 * - After the start and after every step, the spec's UI oracles (ui-oracles.ts) are checked over what
 *   the screen shows, local storage, the location, the query cache and the page's requests and the
 *   user's gestures so far (wire.ts). A violation that lasts `SETTLE_MS` fails the step with the
 *   oracle's id and message; so does one found when the step fails for another reason (a fault the
 *   path's state check would report only as "not in the state the path expects").
 *
 * Paths are chosen greedily until they cover every edge the machine defines (at most `maxPaths`); the
 * last test of the file fails naming every edge no passing UI step covered.
 */

export type StepOutcome = 'sent' | 'blocked';

export interface StepInfo {
  index: number;
  step: PathStep;
  /** The step after this one, if any (to arrange what the server will answer). */
  next: PathStep | undefined;
  /** The snapshot the path expects before this step (as a real actor of the machine reaches it). */
  before: AnyMachineSnapshot;
  /** The snapshot the path expects after this step. */
  after: AnyMachineSnapshot;
  path: ModelPath;
}

export interface Walk {
  api: Api;
  tracker: ActorTracker;
}

export interface UiDriver<C> {
  model: MachineModel;
  /** Paths this screen can realise against the real server (e.g. which failures it can produce). */
  accepts(path: ModelPath): boolean;
  /** Whether the server is resumed before this step's act (default: yes). A click while a list is held
   * loading keeps it paused, so that the held answer cannot overtake the click. */
  resumeFor?: (info: StepInfo) => boolean;
  /** States to hold (server paused) while their screen is asserted. */
  held?: (label: string) => boolean;
  /** Events the app produces by itself (server answers) and that may follow the previous step at once. */
  automatic?: (step: PathStep) => boolean;
  /**
   * A path's last step whose state the app leaves at once by itself (jsdom reports an upload's progress
   * together with its answer): the actor's history must show the step's state.
   */
  leavesAtOnce?: (step: PathStep) => boolean;
  /** Renders the screen for a path and arranges what step 1 needs. */
  setup(path: ModelPath, walk: Walk): Promise<C>;
  /** The user action (or server answer) that produces the step's event. */
  act(info: StepInfo, ctx: C, walk: Walk): Promise<StepOutcome>;
  /** What the user sees in the state the path expects. */
  see(expected: AnyMachineSnapshot, ctx: C, walk: Walk, info: StepInfo | undefined): Promise<void>;
  /** After a step's assertions (e.g. undo a server-side arrangement). */
  afterStep?(info: StepInfo, ctx: C, walk: Walk): Promise<void>;
  /** After the path (passed or not): stop what the render started (e.g. the app's session actor). */
  teardown?(ctx: C): void;
  /** Upper bound on the paths walked. */
  maxPaths?: number;
  /** A path's time limit (default: the project's testTimeout), for paths that wait on the server's clock. */
  timeout?: number;
  /**
   * The screen unmounts its actor when the machine reaches its end (the e-mail notice once the address
   * is confirmed): a stopped actor's last running snapshot is then what the walk checks.
   */
  endsUnmounted?: boolean;
}

// ---------------------------------------------------------------------------------------------------
// The app's actors, as the inspection reports them

interface Tracked {
  actor: AnyActorRef;
  /** State keys in order: one per change, and one per microstep (an internal transition shows too). */
  history: string[];
  /** The last snapshot before the actor was stopped. */
  lastRunning?: AnyMachineSnapshot;
}

export class ActorTracker {
  private byMachine = new Map<string, Tracked[]>();
  private holds: { machine: string; label: string; run: () => void }[] = [];
  private stop: () => void;

  constructor(
    private models: Map<string, MachineModel>,
    private endsUnmounted = false,
  ) {
    this.stop = listenToActors((event) => this.onEvent(event));
  }

  dispose() {
    this.stop();
  }

  /** Forget the actors of earlier renders. */
  reset() {
    this.byMachine.clear();
    this.holds = [];
  }

  /** Runs `run` (synchronously) the moment an actor of `machine` enters the state `label`. */
  onEnter(machine: string, label: string, run: () => void) {
    this.holds.push({ machine, label, run });
  }

  clearHolds() {
    this.holds = [];
  }

  private onEvent(event: InspectionEvent) {
    const actor = event.actorRef as AnyActorRef & { logic?: { id?: string; root?: unknown } };
    const logic = actor.logic ?? {};
    if (!logic?.root || typeof logic.id !== 'string') return;
    const model = this.models.get(logic.id);
    if (!model) return;
    let list = this.byMachine.get(logic.id);
    if (!list) {
      list = [];
      this.byMachine.set(logic.id, list);
    }
    let tracked = list.find((entry) => entry.actor === actor);
    if (!tracked) {
      tracked = { actor, history: [] };
      list.push(tracked);
    }
    const snapshot =
      event.type === '@xstate.microstep' || event.type === '@xstate.snapshot'
        ? (event.snapshot as AnyMachineSnapshot)
        : undefined;
    if (!snapshot || !('value' in snapshot)) return;
    const key = stateKey(model, snapshot);
    if (snapshot.status !== 'stopped') tracked.lastRunning = snapshot;
    if (tracked.history.at(-1) !== key || event.type === '@xstate.microstep') tracked.history.push(key);
    if (event.type !== '@xstate.microstep') return;
    const label = stateLabel(snapshot);
    const due = this.holds.filter((hold) => hold.machine === logic.id && hold.label === label);
    this.holds = this.holds.filter((hold) => !due.includes(hold));
    for (const hold of due) hold.run();
  }

  /** The newest running actor of the machine. */
  current(machine: string): Tracked | undefined {
    const list = this.byMachine.get(machine) ?? [];
    // A page form that navigated away on success is done: its last snapshot is still what the walk checks.
    // An actor the inspection only ever saw stopped never ran (a screen mounted and dropped at once while
    // the router settles): it is not the screen's actor.
    const newest = [...list]
      .reverse()
      .filter((entry) => !entry.history.every((key) => key.endsWith('[stopped]')));
    return (
      newest.find((entry) => entry.actor.getSnapshot().status === 'active') ??
      newest.find((entry) => entry.actor.getSnapshot().status === 'done') ??
      (this.endsUnmounted ? newest.find((entry) => entry.lastRunning) : undefined)
    );
  }

  snapshot(machine: string): AnyMachineSnapshot | undefined {
    const tracked = this.current(machine);
    if (!tracked) return undefined;
    const snapshot = tracked.actor.getSnapshot() as AnyMachineSnapshot;
    return snapshot.status === 'stopped' ? tracked.lastRunning : snapshot;
  }
}

// ---------------------------------------------------------------------------------------------------
// Choosing the paths

interface PlannedPath {
  path: ModelPath;
  /** Edge ids per step (index 0: the start). */
  edges: string[][];
  /** The snapshots a real actor of the machine reaches along the path (index 0: the start). */
  states: AnyMachineSnapshot[];
}

async function replay(model: MachineModel, path: ModelPath) {
  const edges: string[][] = [];
  const states: AnyMachineSnapshot[] = [];
  await walkPath(model, path, (step) => {
    edges.push(step.edges.map((edge) => edge.id));
    states.push(step.snapshot);
  });
  return { edges, states };
}

/** Greedy cover: the accepted path adding most uncovered edges (the shorter on a tie), until none adds. */
export async function planWalks(
  model: MachineModel,
  accepts: (path: ModelPath) => boolean,
  maxPaths = 16,
): Promise<PlannedPath[]> {
  const candidates: PlannedPath[] = [];
  for (const path of generatePaths(model).filter(accepts)) {
    candidates.push({ path, ...(await replay(model, path)) });
  }
  const covered = new Set<string>();
  const chosen: PlannedPath[] = [];
  while (chosen.length < maxPaths) {
    let best: PlannedPath | undefined;
    let gain = 0;
    for (const candidate of candidates) {
      if (chosen.includes(candidate)) continue;
      const adds = new Set(candidate.edges.flat().filter((edge) => !covered.has(edge))).size;
      if (
        adds > gain ||
        (adds === gain && adds > 0 && best && candidate.path.steps.length < best.path.steps.length)
      ) {
        best = candidate;
        gain = adds;
      }
    }
    if (!best || gain === 0) break;
    chosen.push(best);
    for (const edge of best.edges.flat()) covered.add(edge);
  }
  return chosen;
}

// ---------------------------------------------------------------------------------------------------
// Walking

const STEP_TIMEOUT = 15_000;
/** How long an oracle's violation may last (a render in between two commits) before it fails the step. */
const SETTLE_MS = 1_000;

/** An oracle's violation (the step's own failure, if any, follows in the message). */
class OracleViolation extends Error {}

/** What the screen, storage, router and cache show now. */
export function observeStep(index: number, label: string): UiStep {
  const app = renderedApp();
  return {
    index,
    label,
    token: getToken(),
    location: app?.router.state.location.pathname,
    cachedQueries: app?.queryBox.client?.getQueryCache().getAll().length ?? 0,
    profile: profileShown(),
  };
}

/** Checks the UI oracles at the end of step `index`; a violation that lasts fails it. */
async function checkOracles(trace: UiTrace, index: number, label: string): Promise<void> {
  const look = () => {
    trace.steps[index] = observeStep(index, label);
    trace.steps.length = index + 1;
    const violations = uiViolations(trace);
    if (violations.length > 0)
      throw new OracleViolation(`${label}: the spec's UI oracles fail:\n${violations.join('\n')}`);
  };
  try {
    look();
  } catch {
    await waitFor(look, { timeout: SETTLE_MS, onTimeout: (error) => error });
  }
}

/**
 * Declares the UI walk of one machine: one test per chosen path, then the UI-level coverage check.
 * `models` are the machines the tracker follows (the walked one, plus e.g. the session).
 */
export async function describeUiWalk<C>(driver: UiDriver<C>, extraModels: MachineModel[] = []) {
  const { model } = driver;
  if (!walkWanted(model.name)) {
    // A walk file `npm run walk` loaded for another machine it names (e.g. the session, followed as an
    // extra model): a skipped suite, since a file that declares none fails the run.
    describe.skip(`${model.name} (UI walk)`, () => {
      it('is not among WALK_MACHINES', () => {});
    });
    return;
  }
  const plan = await planWalks(model, driver.accepts, driver.maxPaths);
  // Edge id → the UI tests whose passing steps took it.
  const covered = new Map<string, Set<string>>();
  const cover = (edges: string[] | undefined, test: string) => {
    for (const edge of edges ?? []) {
      const names = covered.get(edge) ?? new Set<string>();
      names.add(test);
      covered.set(edge, names);
    }
  };
  let api: Api;
  let tracker: ActorTracker;
  let wire: WireLog;

  describe(`${model.name} (UI walk)`, () => {
    beforeAll(async () => {
      api = await startApi();
      wire = recordWire(api.url);
      tracker = new ActorTracker(
        new Map([model, ...extraModels].map((m) => [m.name, m])),
        driver.endsUnmounted,
      );
    });
    afterEach(() => {
      api?.resume();
      tracker?.reset();
    });
    afterAll(async () => {
      tracker?.dispose();
      wire?.uninstall();
      await api?.close();
    });

    it('has paths the screen can walk', () => {
      expect(plan.length).toBeGreaterThan(0);
    });

    for (const { path, edges, states } of plan) {
      it(
        path.id,
        async () => {
          const file = (expect.getState().testPath ?? '').replace(/^.*?(?=tests\/ui\/)/, '');
          const testName = `${file} > ${model.name} (UI walk) > ${path.id}`;
          const walk: Walk = { api, tracker };
          const expectKey = (index: number) => stateKey(model, states[index] as AnyMachineSnapshot);
          const holdIfNeeded = (index: number) => {
            const label = stateLabel(states[index] as AnyMachineSnapshot);
            if (driver.held?.(label)) tracker.onEnter(model.name, label, () => api.pause());
          };

          wire.clear();
          const trace: UiTrace = {
            machine: model.name,
            steps: [],
            requests: wire.requests,
            gestures: wire.gestures,
          };
          let stepIndex = 0;
          let stepLabel = 'start';
          holdIfNeeded(0);
          const ctx = await driver.setup(path, walk);
          try {
            await waitFor(
              () => expect(tracker.snapshot(model.name), 'the screen has no actor').toBeDefined(),
              {
                timeout: STEP_TIMEOUT,
              },
            );
            await waitFor(() => expect(currentKey()).toBe(expectKey(0)), { timeout: STEP_TIMEOUT });
            await driver.see(states[0] as AnyMachineSnapshot, ctx, walk, undefined);
            await checkOracles(trace, 0, stepLabel);
            cover(edges[0], testName);

            let skipAct = false;
            for (let index = 0; index < path.steps.length; index++) {
              const step = path.steps[index] as PathStep;
              const info: StepInfo = {
                index: index + 1,
                step,
                next: path.steps[index + 1],
                before: states[index] as AnyMachineSnapshot,
                after: states[index + 1] as AnyMachineSnapshot,
                path,
              };
              const where = `step ${index + 1} (${step.label})`;
              stepIndex = index + 1;
              stepLabel = where;
              wire.atStep(stepIndex);
              const historyBefore = tracker.current(model.name)?.history.length ?? 0;
              if (driver.resumeFor?.(info) ?? true) api.resume();
              tracker.clearHolds();
              holdIfNeeded(index + 1);
              const outcome = skipAct ? 'sent' : await driver.act(info, ctx, walk);
              skipAct = false;
              if (outcome === 'blocked') {
                // The screen does not offer the event here: the path must agree that nothing happens.
                expect(expectKey(index + 1), `${where}: the UI blocks it, but the path changes state`).toBe(
                  expectKey(index),
                );
              }
              const expected = expectKey(index + 1);
              const next = info.next;
              const following = index + 2 < states.length ? expectKey(index + 2) : undefined;
              let passedThrough = false;
              await waitFor(
                () => {
                  const key = currentKey();
                  if (key === expected) return;
                  // The app took the next (automatic) step at once: the history must show this step's state.
                  const history = tracker.current(model.name)?.history.slice(historyBefore) ?? [];
                  if (
                    next &&
                    following &&
                    key === following &&
                    driver.automatic?.(next) &&
                    history.includes(expected)
                  ) {
                    passedThrough = true;
                    return;
                  }
                  if (!next && driver.leavesAtOnce?.(step) && history.includes(expected)) {
                    passedThrough = true;
                    return;
                  }
                  expect(key, `${where}: the app's actor is not in the state the path expects`).toBe(
                    expected,
                  );
                },
                { timeout: STEP_TIMEOUT },
              );
              if (!passedThrough) await driver.see(states[index + 1] as AnyMachineSnapshot, ctx, walk, info);
              await driver.afterStep?.(info, ctx, walk);
              await checkOracles(trace, stepIndex, where);
              cover(edges[index + 1], testName);
              if (passedThrough) skipAct = true;
            }
          } catch (error) {
            if (error instanceof OracleViolation) throw error;
            // The step failed: if an oracle names what went wrong, that is the failure to report.
            const found = await checkOracles(trace, stepIndex, stepLabel).then(
              () => undefined,
              (violation: Error) => violation,
            );
            if (!found) throw error;
            throw new OracleViolation(
              `${found.message}\n(the step then failed: ${String((error as Error).message).split('\n')[0]})`,
            );
          } finally {
            api.resume();
            driver.teardown?.(ctx);
          }
        },
        driver.timeout,
      );
    }

    it('covers every edge the machine defines, at UI level', () => {
      recordCoverage('ui', model.name, covered);
      const uncovered = definedEdges(model.machine)
        .map((edge) => edge.id)
        .filter((edge) => !covered.has(edge));
      expect(uncovered, `${model.name}: edges no UI step covered:\n${uncovered.join('\n')}`).toEqual([]);
    });
  });

  function currentKey(): string | undefined {
    const snapshot = tracker.snapshot(model.name);
    return snapshot ? stateKey(model, snapshot) : undefined;
  }
}
