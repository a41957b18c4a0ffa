import { describe, expect, it } from 'vitest';
import { fixtureState } from '../../src/qa/statecharts/fixtures';
import { parsePastedPath, propertyRecording, replayRecording } from '../../src/qa/statecharts/replay';
import { WALK_TIMING } from '../../src/qa/statecharts/walk-samples';
import { walkWanted } from '../model/walk-filter';
import { replayRegression } from './harness';
import { PROPERTY_MACHINES } from './machines';
import regressions from './regressions.json';

/**
 * The viewer replays a walk's path on the machine's pure transition (src/qa/statecharts/replay.ts);
 * the walks replay it on a real actor with deferred calls and a simulated clock (harness.ts). Both
 * must reach the same state at every step, or QA would see another path than the one the test walked.
 */
describe("the viewer's replay of property paths", () => {
  it.each(
    regressions
      .map((regression, index) => [index + 1, regression.machine, regression] as const)
      .filter(([, machine]) => walkWanted(machine)),
  )(
    'regression %i (%s): every step reaches the state the walk reached',
    async (index, _machine, regression) => {
      const target = PROPERTY_MACHINES.find((candidate) => candidate.model.name === regression.machine);
      if (!target) throw new Error(`no property machine ${regression.machine}`);
      const trace = await replayRegression(target, regression);
      const walked = trace.steps.map((step) => fixtureState(target.model, step.snapshot));
      const replayed = replayRecording(target.model, propertyRecording(regression, `regression ${index}`));
      expect(replayed.stopped).toBeUndefined();
      expect(replayed.steps.map((step) => step.actual)).toEqual(walked);
    },
  );

  it('draws a clock step with the edges its timers took, each once', () => {
    const clocked = regressions
      .map((regression, index) => ({ regression, index }))
      .filter(({ regression }) => regression.steps.some((step) => step.startsWith('clock +')));
    expect(clocked.length).toBeGreaterThan(0);
    for (const { regression, index } of clocked) {
      const target = PROPERTY_MACHINES.find((candidate) => candidate.model.name === regression.machine);
      if (!target) throw new Error(`no property machine ${regression.machine}`);
      const timerEvents = Object.values(WALK_TIMING[regression.machine]?.timers ?? {}).map(
        (timer) => timer.event,
      );
      const replayed = replayRecording(
        target.model,
        propertyRecording(regression, `regression ${index + 1}`),
      );
      for (const step of replayed.steps.filter((candidate) => candidate.label.startsWith('clock +'))) {
        const ids = step.edges.map((edge) => edge.id);
        expect(ids.length, step.label).toBeGreaterThan(0);
        expect(new Set(ids).size, step.label).toBe(ids.length);
        for (const edge of step.edges) expect(timerEvents).toContain(edge.event);
      }
    }
  });

  it('reads a failing walk’s report: the JSON after “as a regression:”', () => {
    const [first] = regressions;
    const report = [
      'profile: property failed after 12 runs; seed 42, path "3:1" (PROPERTY_SEED=42 replays it)',
      'path (1 steps) of profile:',
      '  0. start (start)  → viewing',
      `as a regression: ${JSON.stringify(first)}`,
    ].join('\n');
    expect(parsePastedPath(report)).toEqual(first);
    expect(parsePastedPath(JSON.stringify(first))).toEqual(first);
    expect(parsePastedPath('{"machine": "login"}')).toMatch(/needs "machine", "input" and "steps"/);
    expect(parsePastedPath('no path here')).toMatch(/^Not a path/);
  });
});
