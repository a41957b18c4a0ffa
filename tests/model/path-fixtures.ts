import type { FixturePath, MachineFixture } from '../../src/qa/statecharts/fixtures';
import { eventLabel, type MachineModel, PureRun } from '../../src/qa/statecharts/model-kit';
import type { ModelPath } from '../../src/qa/statecharts/paths';

/** Reading the committed path fixtures (src/qa/statecharts/fixtures.ts) back in the model tests. */

/**
 * A committed path as a model path: each step's event is the one the model offers under the fixture's
 * label in the state the previous steps reached. Throws, naming the step, when the model no longer
 * offers that event there.
 */
export function replayablePath(model: MachineModel, fixture: FixturePath): ModelPath {
  const input = model.inputs.find((candidate) => candidate.label === fixture.input);
  if (!input) throw new Error(`${model.name} ${fixture.id}: the model has no input '${fixture.input}'`);
  const run = new PureRun(model, input.input);
  const initial = run.snapshot;
  const steps = fixture.steps.map(({ event: label }, index) => {
    const event = model.events(run.snapshot).find((candidate) => eventLabel(candidate) === label);
    if (!event)
      throw new Error(`${model.name} ${fixture.id} step ${index + 1}: the model offers no '${label}' here`);
    run.send(event);
    return { event, label, state: run.snapshot };
  });
  return { id: fixture.id, inputLabel: input.label, input: input.input, initial, steps };
}

/**
 * What changed between the committed fixture and the regenerated one, as lines a reviewer reads:
 * paths gone, paths new, and, for a path in both, the first step whose event, state or actions differ.
 */
export function diffFixtures(committed: MachineFixture, current: MachineFixture): string[] {
  const lines: string[] = [];
  const before = new Map(committed.paths.map((path) => [path.id, path]));
  const after = new Map(current.paths.map((path) => [path.id, path]));
  for (const id of before.keys()) if (!after.has(id)) lines.push(`- path gone: ${id}`);
  for (const id of after.keys()) if (!before.has(id)) lines.push(`+ path new: ${id}`);
  const show = (state: string, actions: string[]) => `${state} [${actions.join(', ')}]`;
  for (const [id, old] of before) {
    const now = after.get(id);
    if (!now) continue;
    if (old.start !== now.start || old.startActions.join() !== now.startActions.join()) {
      lines.push(
        `~ ${id}, start: ${show(old.start, old.startActions)} → ${show(now.start, now.startActions)}`,
      );
      continue;
    }
    const length = Math.max(old.steps.length, now.steps.length);
    for (let i = 0; i < length; i++) {
      const a = old.steps[i];
      const b = now.steps[i];
      if (a && b && a.event === b.event && a.state === b.state && a.actions.join() === b.actions.join())
        continue;
      lines.push(
        `~ ${id}, step ${i + 1}: ${a ? `${a.event} ⇒ ${show(a.state, a.actions)}` : '(none)'}  became  ${b ? `${b.event} ⇒ ${show(b.state, b.actions)}` : '(none)'}`,
      );
      break;
    }
  }
  if (lines.length === 0 && committed.regenerate !== current.regenerate)
    lines.push(`~ regenerate: ${committed.regenerate} → ${current.regenerate}`);
  return lines;
}
