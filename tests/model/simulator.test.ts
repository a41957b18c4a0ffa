import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateNode } from 'xstate';
import { MODELS } from '../../src/qa/statecharts/models';
import { generatePaths, stateKey } from '../../src/qa/statecharts/paths';
import { parseStatechartsSearch } from '../../src/qa/statecharts/search';
import {
  editedLabel,
  enabledChoices,
  parseEdited,
  replay,
  startState,
} from '../../src/qa/statecharts/simulator';
import { walkWanted } from './walk-filter';

const WALKED = MODELS.filter((model) => walkWanted(model.name));

describe('the simulator', () => {
  // The test paths cover every edge; if the simulator can play each of them, QA can reach every edge by
  // hand. A path also sends events its state does not handle at all (they change nothing, and the
  // simulator does not offer them): those steps are left out.
  it.each(WALKED.map((model) => [model.name, model] as const))(
    '%s: every test path can be played by hand, step by step to the same states',
    (_name, model) => {
      for (const path of generatePaths(model)) {
        let before = path.initial;
        const handled = path.steps.filter((step) => {
          const nodes = before._nodes as AnyStateNode[];
          before = step.state;
          return nodes.some((node) => node.ownEvents.includes(step.event.type));
        });
        const played = replay(
          model,
          path.inputLabel,
          handled.map((step) => step.label),
        );
        expect(played.unmatched, path.id).toBeUndefined();
        expect(
          played.path.steps.map((step) => stateKey(model, step.state)),
          path.id,
        ).toEqual(handled.map((step) => stateKey(model, step.state)));
        const last = path.steps.at(-1)?.state ?? path.initial;
        expect(stateKey(model, played.path.steps.at(-1)?.state ?? played.path.initial), path.id).toBe(
          stateKey(model, last),
        );
      }
    },
  );

  it('asks for the outcome where an invoked actor decides: done and each API failure', () => {
    const model = MODELS.find((candidate) => candidate.name === 'login');
    if (!model) throw new Error('no login model');
    const submitted = replay(model, 'start', ['form.set (valid input)', 'form.submit']).path;
    const state = submitted.steps.at(-1)?.state as AnyMachineSnapshot;
    const settles = enabledChoices(model, state).find((group) => group.name === 'submit settles');
    const labels = settles?.choices.map((choice) => choice.label) ?? [];
    expect(labels.filter((label) => label.startsWith('xstate.done.actor.submit'))).toHaveLength(1);
    expect(labels.filter((label) => label.startsWith('xstate.error.actor.submit')).length).toBeGreaterThan(1);
    // Each choice says where it leads, computed from the machine, not assumed.
    for (const choice of settles?.choices ?? []) expect(choice.target).not.toBe('');
    expect(new Set(settles?.choices.map((choice) => choice.target)).size).toBeGreaterThan(1);
  });

  it('offers only events an active state handles (taken, or every guard failing)', () => {
    for (const model of WALKED) {
      for (const input of model.inputs) {
        const start = startState(model, input.label);
        const handled = new Set((start._nodes as AnyStateNode[]).flatMap((node) => node.ownEvents));
        const offered = model.events(start).filter((event) => handled.has(event.type));
        const choices = enabledChoices(model, start).flatMap((group) => group.choices);
        expect(choices.map((choice) => choice.event)).toEqual(offered);
      }
    }
  });

  it('stops a shared path at a step the state does not enable, and says which', () => {
    const model = MODELS.find((candidate) => candidate.name === 'login');
    if (!model) throw new Error('no login model');
    const played = replay(model, 'start', ['form.set (valid input)', 'no.such.event', 'form.submit']);
    expect(played.unmatched).toBe('no.such.event');
    expect(played.path.steps.map((step) => step.label)).toEqual(['form.set (valid input)']);
  });

  it('plays a preset with its payload edited, typed by the preset, and keeps it in the path', () => {
    const model = MODELS.find((candidate) => candidate.name === 'login');
    if (!model) throw new Error('no login model');
    const preset = enabledChoices(model, startState(model, 'start'))
      .flatMap((group) => group.choices)
      .find((choice) => choice.label === 'form.set (valid input)');
    if (!preset) throw new Error('no valid-input preset');
    const values = preset.event.values as Record<string, unknown>;
    const edited = parseEdited(
      preset.event,
      JSON.stringify({ values: { ...values, username: 'not-an-address' } }),
    );
    if (typeof edited === 'string') throw new Error(edited);
    const played = replay(model, 'start', [editedLabel(edited), 'form.submit']);
    expect(played.unmatched).toBeUndefined();
    expect(played.path.steps.map((step) => step.state.value)).toEqual([
      { editing: 'invalid' },
      { editing: 'invalid' },
    ]);
    // The preset's shape is the type: a missing, unknown or mistyped key is refused, and says which.
    expect(parseEdited(preset.event, '{}')).toBe('form.set needs “values”.');
    expect(parseEdited(preset.event, JSON.stringify({ values, extra: 1 }))).toBe('form.set has no “extra”.');
    expect(parseEdited(preset.event, JSON.stringify({ values: { ...values, username: 7 } }))).toBe(
      '“username” is string in form.set.values, not number.',
    );
    expect(parseEdited(preset.event, 'nope')).toBe('Not JSON.');
  });

  it('reads its URL: the machine, the panel and the played labels; anything else is dropped', () => {
    expect(
      parseStatechartsSearch({
        machine: 'login',
        view: 'simulate',
        input: 'start',
        play: ['form.submit', 3],
      }),
    ).toEqual({ machine: 'login', view: 'simulate', input: 'start', play: ['form.submit'] });
    expect(parseStatechartsSearch({ view: 'other', play: 'x', machine: 7 })).toEqual({
      machine: undefined,
      view: undefined,
      input: undefined,
      play: undefined,
    });
  });
});
