import { describe, expect, it } from 'vitest';
import { eventLabel } from '../../src/qa/statecharts/model-kit';
import { generatePaths } from '../../src/qa/statecharts/paths';
import { walkWanted } from '../model/walk-filter';
import { Runner, stateText } from './harness';
import { PROPERTY_MACHINES } from './machines';

/**
 * The spec's oracles on every generated model path (the paths tests/model walks for edge coverage):
 * each path is replayed on the property runner, its actor outcomes as settlements of the injected
 * calls, and every oracle is checked after every step.
 */

for (const target of PROPERTY_MACHINES.filter((candidate) => walkWanted(candidate.model.name))) {
  const { model } = target;
  describe(`${model.name}: model paths under the spec's oracles`, () => {
    const paths = generatePaths(model);
    const timerEvents = Object.values(target.timers ?? {}).map((timer) => timer.event);
    it('has paths', () => expect(paths.length).toBeGreaterThan(0));
    it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
      const index = model.inputs.findIndex((input) => input.label === path.inputLabel);
      const runner = new Runner(target, index);
      try {
        for (const step of path.steps) {
          const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(step.event.type);
          if (outcome?.[2] && model.actors[outcome[2]] === 'promise') {
            const kind = outcome[1] as 'done' | 'error';
            const value =
              kind === 'done'
                ? (step.event as { output?: unknown }).output
                : (step.event as { error?: unknown }).error;
            await runner.settleWith(outcome[2], kind, value, eventLabel(step.event));
          } else if (timerEvents.includes(step.event.type)) {
            // A tick is the simulated clock's second (the injected ticker sends it).
            await runner.advance(1);
          } else {
            await runner.send(step.event);
          }
          // The runner is the model's world: it reaches the state the traversal predicted.
          expect(stateText(runner.snapshot)).toBe(stateText(step.state));
        }
      } finally {
        runner.stop();
      }
    });
  });
}
