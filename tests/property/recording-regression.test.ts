import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { maskedPayload, maskedValue } from '../../src/qa/statecharts/inspector/mask';
import {
  type LiveRecording,
  RECORDING_FORMAT,
  type RecordedEvent,
} from '../../src/qa/statecharts/live-recording';
import { eventLabel, type MachineModel, PureRun } from '../../src/qa/statecharts/model-kit';
import { modelByName } from '../../src/qa/statecharts/models';
import { recordingRegression } from '../../src/qa/statecharts/recording-regression';
import { propertyRecording, replayRecording } from '../../src/qa/statecharts/replay';
import { liveLabel } from '../../src/qa/statecharts/state-label';
import { replayRegression } from './harness';
import { PROPERTY_MACHINES } from './machines';

/**
 * A recording the Live view saves becomes a regression the property project replays (issue 36 item 4):
 * recorded here by stepping the machine with the model's events — by their labels, as a user's clicks
 * and the server's answers would send them — and masking payloads and contexts as the app's tab does.
 */

const ACTOR = 'tab-1:x:1';

function entry(model: MachineModel, snapshot: AnyMachineSnapshot, event: AnyEventObject): RecordedEvent {
  return {
    machine: model.name,
    actor: ACTOR,
    path: '/items',
    time: 0,
    type: event.type,
    payload: maskedPayload(event),
    value: snapshot.value,
    status: snapshot.status,
    context: maskedValue(snapshot.context),
    edges: [],
  };
}

/** Steps `model` from its first input by event labels (a done/error event by its type's start). */
function record(model: MachineModel, labels: string[]): LiveRecording {
  const run = new PureRun(model, model.inputs[0]?.input);
  const recorded: RecordedEvent[] = [entry(model, run.snapshot, { type: 'xstate.init' })];
  for (const label of labels) {
    const event = model
      .events(run.snapshot)
      .find((candidate) => eventLabel(candidate) === label || candidate.type.startsWith(label));
    if (!event) throw new Error(`${model.name} offers no ${label}`);
    run.send(event);
    recorded.push(entry(model, run.snapshot, event));
  }
  return { format: RECORDING_FORMAT, saved: '2026-11-28T10:00:00.000Z', machines: {}, events: recorded };
}

const addItem = modelByName('addItem') as MachineModel;
const JOURNEY = ['modal.open (empty)', 'form.set (valid input)', 'form.submit', 'xstate.error.actor'];

describe('npm run recording:regression', () => {
  it('turns a recorded actor into a regression that reaches every recorded state, without its values', async () => {
    const recording = record(addItem, JOURNEY);
    const converted = recordingRegression(recording, ACTOR, addItem);
    if ('error' in converted) throw new Error(converted.error);
    const { regression } = converted;
    expect(regression.steps).toHaveLength(JOURNEY.length);
    expect(regression.steps.filter((step) => /^send \S+ \([^)]*\) \{/.test(step))).toEqual([]);

    const replayed = replayRecording(addItem, propertyRecording(regression, 'from a recording'));
    expect(replayed.stopped).toBeUndefined();
    expect(replayed.steps.map((step) => liveLabel(step.snapshot))).toEqual(
      recording.events.map((event) => liveLabel(event)),
    );
    // The property project's own replay (a real actor, every oracle after every step) takes it whole.
    const target = PROPERTY_MACHINES.find((candidate) => candidate.model.name === 'addItem');
    if (!target) throw new Error('addItem is not walked by the property project');
    const trace = await replayRegression(target, regression);
    expect(trace.steps).toHaveLength(JOURNEY.length + 1);
  });

  it('starts an actor that was running before the recording began with the shortest way there', () => {
    const recording = record(addItem, JOURNEY);
    const [, ...afterOpening] = recording.events.slice(1);
    recording.events = afterOpening;
    const converted = recordingRegression(recording, ACTOR, addItem);
    if ('error' in converted) throw new Error(converted.error);
    const replayed = replayRecording(addItem, propertyRecording(converted.regression, 'lead-in'));
    const leadIn = converted.regression.steps.length - afterOpening.length;
    expect(leadIn).toBeGreaterThan(0);
    expect(converted.regression.why).toMatch(new RegExp(`its first ${leadIn} step\\(s\\) lead there`));
    expect(replayed.steps.slice(leadIn + 1).map((step) => liveLabel(step.snapshot))).toEqual(
      afterOpening.map((event) => liveLabel(event)),
    );
  });

  it("names the event where today's machine departs from the recording", () => {
    const recording = record(addItem, JOURNEY);
    const submitted = recording.events[3] as RecordedEvent;
    recording.events[3] = { ...submitted, value: 'archived' }; // a state today's machine lacks
    const converted = recordingRegression(recording, ACTOR, addItem);
    expect(converted).toEqual({
      error: expect.stringMatching(/departs from the recording at event 3 \(form\.submit\)/),
    });
  });
});
