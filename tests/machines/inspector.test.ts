// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../src/api/api-error';
import { inspect, watchForViewers } from '../../src/features/app/inspect';
import { loginMachine } from '../../src/machines/login-flow';
import { definedEdges, loggedEdges } from '../../src/qa/statecharts/edges';
import { MASK, maskedPayload } from '../../src/qa/statecharts/inspector/mask';
import {
  type AppMessage,
  INSPECTOR_CHANNEL,
  type LiveEvent,
  type ViewerMessage,
} from '../../src/qa/statecharts/inspector/protocol';
import {
  liveRecordingPath,
  parseRecording,
  recordedActors,
  recordingOf,
  vanishedEdges,
} from '../../src/qa/statecharts/live-recording';
import { MODELS, modelByName } from '../../src/qa/statecharts/models';
import { mismatched, replayRecording } from '../../src/qa/statecharts/replay';

describe('maskedPayload', () => {
  it('masks secrets by key, and a field event that names a secret field', () => {
    const payload = maskedPayload({
      type: 'x',
      values: { username: 'a@example.com', password: 'hunter2', confirm_password: 'hunter2' },
      token: 'abc',
      output: { access_token: 'jwt', token_type: 'bearer' },
      code: '123456',
    });
    expect(payload).toEqual({
      values: { username: 'a@example.com', password: MASK, confirm_password: MASK },
      token: MASK,
      output: { access_token: MASK, token_type: MASK },
      code: MASK,
    });
    expect(maskedPayload({ type: 'form.change', field: 'new_password', value: 'secret' })).toEqual({
      field: 'new_password',
      value: MASK,
    });
    expect(maskedPayload({ type: 'form.change', field: 'full_name', value: 'Ann' })).toEqual({
      field: 'full_name',
      value: 'Ann',
    });
  });

  it('flattens errors and cuts circles into plain, cloneable data', () => {
    const circle: Record<string, unknown> = { name: 'loop' };
    circle.self = circle;
    const payload = maskedPayload({
      type: 'xstate.error.actor.submit',
      error: new ApiError(400, { detail: 'Incorrect email or password' }),
      circle,
    });
    expect(payload.error).toMatchObject({
      error: 'ApiError',
      message: 'Bad Request',
      status: 400,
      body: { detail: 'Incorrect email or password' },
    });
    expect(payload.circle).toEqual({ name: 'loop', self: '[circular]' });
    expect(structuredClone(payload)).toEqual(payload);
  });
});

/** A viewer tab: the other end of the channel. */
function openViewer() {
  const channel = new BroadcastChannel(INSPECTOR_CHANNEL);
  const received: AppMessage[] = [];
  channel.onmessage = ({ data }: MessageEvent<AppMessage>) => received.push(data);
  const viewer = `test-${Math.random()}`;
  const next = async (match: (message: AppMessage) => boolean) => {
    for (let n = 0; n < 200; n++) {
      const found = received.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('no such message');
  };
  return {
    received,
    next,
    post: (message: ViewerMessage) => channel.postMessage(message),
    hello: () => channel.postMessage({ kind: 'viewer.hello', viewer } satisfies ViewerMessage),
    bye: () => channel.postMessage({ kind: 'viewer.bye', viewer } satisfies ViewerMessage),
    close: () => channel.close(),
  };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('the live inspector, app side', () => {
  // Once for the file, as the app does at start-up: each test then stands alone.
  beforeAll(() => watchForViewers());

  it('answers a viewer with the running actors, forwards their events masked, and stops after bye', async () => {
    const login = createActor(
      loginMachine.provide({ actors: { submit: fromPromise(() => new Promise(() => {})) as never } }),
      { inspect },
    );
    login.start();
    // Created but never started: not running.
    createActor(loginMachine, { inspect });
    const viewer = openViewer();
    cleanups.push(() => {
      viewer.close();
      login.stop();
    });

    viewer.hello();
    const answer = await viewer.next((message) => message.kind === 'app.actors');
    if (answer.kind !== 'app.actors') throw new Error('unreachable');
    const mine = answer.actors.filter((actor) => actor.id === login.sessionId);
    expect(mine).toHaveLength(1);
    expect(answer.actors.filter((actor) => actor.machine === 'login')).toHaveLength(1);
    expect(mine[0]).toMatchObject({ machine: 'login', status: 'active', value: { editing: 'invalid' } });
    expect(mine[0]?.nodes).toContain('login.editing.invalid');

    login.send({ type: 'form.change', field: 'password', value: 'hunter2-secret' });
    const event = (await viewer.next(
      (message) => message.kind === 'app.event' && message.event.type === 'form.change',
    )) as { event: LiveEvent };
    expect(event.event.payload).toEqual({ field: 'password', value: MASK });
    expect(event.event.actor.context).toMatchObject({ values: { password: MASK } });
    // The transitions it took, as the viewer highlights them: the edit, then the check after it.
    const taken = loggedEdges(loginMachine, definedEdges(loginMachine), event.event);
    expect(taken).toHaveLength(2);
    expect(taken[0]).toMatch(/^editing --form\.change--> /);
    expect(taken[1]).toMatch(/^editing\.checking --always/);
    expect(JSON.stringify(viewer.received)).not.toContain('hunter2-secret');
    expect(event.event.actor.id).toBe(login.sessionId);

    viewer.bye();
    // The bye is handled before the next event: posting order is kept on one channel.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = viewer.received.length;
    login.send({ type: 'form.change', field: 'username', value: 'after-bye@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(viewer.received.slice(before)).toEqual([]);
  });

  it('reports a stopped actor as stopped, and leaves it out of the next answer', async () => {
    const login = createActor(
      loginMachine.provide({ actors: { submit: fromPromise(() => new Promise(() => {})) as never } }),
      { inspect },
    );
    login.start();
    const viewer = openViewer();
    cleanups.push(() => viewer.close());
    viewer.hello();
    await viewer.next((message) => message.kind === 'app.actors');
    login.stop();
    const stopped = (await viewer.next(
      (message) => message.kind === 'app.event' && message.event.actor.id === login.sessionId,
    )) as { event: LiveEvent };
    expect(stopped.event.actor.status).toBe('stopped');
    viewer.received.length = 0;
    viewer.hello();
    const answer = await viewer.next((message) => message.kind === 'app.actors');
    if (answer.kind !== 'app.actors') throw new Error('unreachable');
    expect(answer.actors.map((actor) => actor.id)).not.toContain(login.sessionId);
    viewer.bye();
  });

  it("saves a recording that replays on today's machine, and tells a departure and a vanished edge", async () => {
    let settle: (value: unknown) => void = () => {};
    const login = createActor(
      loginMachine.provide({
        actors: { submit: fromPromise(() => new Promise((resolve) => (settle = resolve))) as never },
      }),
      { inspect },
    );
    login.start();
    const viewer = openViewer();
    cleanups.push(() => {
      viewer.close();
      login.stop();
    });
    viewer.hello();
    await viewer.next((message) => message.kind === 'app.actors');
    login.send({ type: 'form.change', field: 'username', value: 'ann@example.com' });
    login.send({ type: 'form.change', field: 'password', value: 'hunter2-secret' });
    login.send({ type: 'form.submit' });
    settle({ access_token: 'a-token', token_type: 'bearer' });
    await viewer.next(
      (message) => message.kind === 'app.event' && message.event.type === 'xstate.done.actor.submit',
    );
    const log = viewer.received
      .flatMap((message) => (message.kind === 'app.event' ? [message.event] : []))
      .filter((event) => event.actor.id === login.sessionId)
      .map((event, seq) => ({ ...event, seq }));
    const model = modelByName('login');
    if (!model) throw new Error('no login model');

    const saved = JSON.stringify(recordingOf(log, MODELS));
    expect(saved).not.toContain('hunter2-secret');
    expect(saved).not.toContain('a-token');
    const recording = parseRecording(saved);
    if (typeof recording === 'string') throw new Error(recording);
    const actor = recordedActors(recording, 'login')[0]?.actor ?? '';
    const replay = replayRecording(model, liveRecordingPath(recording, actor));
    expect(replay.stopped).toBeUndefined();
    expect(replay.steps.map((step) => step.actual)).toEqual(replay.steps.map((step) => step.expected));
    expect(replay.steps.at(-1)?.actual).toBe('succeeded [done]');
    expect(vanishedEdges(recording, model)).toEqual([]);

    // A recording from a build whose login differed: its step lands elsewhere today, and an edge it took is gone.
    const older = structuredClone(recording);
    const last = older.events.at(-1);
    if (!last) throw new Error('no events');
    last.value = 'failed';
    last.status = 'active';
    last.edges.push('submitting --retired--> gone');
    older.machines.login = 'an older version';
    const departed = replayRecording(model, liveRecordingPath(older, actor));
    expect(departed.steps.filter(mismatched).map((step) => step.label)).toEqual(['xstate.done.actor.submit']);
    expect(vanishedEdges(older, model)).toEqual(['submitting --retired--> gone']);
    expect(parseRecording('{"format":"other"}')).toMatch(/^Not a recording/);
  });
});
