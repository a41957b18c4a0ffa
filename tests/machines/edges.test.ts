import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../src/api/api-error';
import { PAGE_SIZES } from '../../src/api/paging';
import {
  classifyRefusal,
  errorEndsSession,
  mayEndSession,
  onSessionRefusal,
  reportRefusal,
} from '../../src/api/refusal';
import { appearanceMachine } from '../../src/machines/appearance';
import { itemsPagingMachine } from '../../src/machines/paging';
import { sessionMachine } from '../../src/machines/session';
import { planLabel } from '../../src/machines/subscription';

/**
 * Edges of the rules that the flows' tests do not reach: answers that only look like a refused
 * credential, a listener that stopped listening, and machines started with nothing stored (a first
 * visit: no token, no colour mode, no ?page).
 */

describe('refusals that only look like a refused credential', () => {
  it("'User not found' ends or questions the session only with a 404", () => {
    expect(classifyRefusal(400, 'User not found', '/api/v1/users/me')).toBe('none');
    expect(classifyRefusal(403, 'User not found', '/api/v1/items/')).toBe('none');
  });

  it('only an API answer can end the session, not an error that carries a status', () => {
    const lookalike = Object.assign(new Error('Not authenticated'), { status: 401, body: null });
    expect(errorEndsSession(lookalike, '/users/me')).toBe(false);
    expect(errorEndsSession({ status: 401, body: { detail: 'Not authenticated' } }, '/users/me')).toBe(false);
    expect(errorEndsSession(new ApiError(401, { detail: 'Not authenticated' }), '/users/me')).toBe(true);
  });

  it('only 401, 403 and 404 answers are read for the session', () => {
    for (const status of [401, 403, 404]) expect(mayEndSession(status), String(status)).toBe(true);
    for (const status of [200, 400, 402, 405, 422, 429, 500, 503]) {
      expect(mayEndSession(status), String(status)).toBe(false);
    }
  });

  it('a listener that stopped hears nothing more', () => {
    const heard: string[] = [];
    const stop = onSessionRefusal((refusal) => heard.push(refusal));
    reportRefusal(401, 'Not authenticated', '/api/v1/items/');
    stop();
    reportRefusal(401, 'Not authenticated', '/api/v1/items/');
    expect(heard).toEqual(['ends']);
  });
});

describe('a first visit: machines started with nothing stored', () => {
  it('no stored token: signed out, with no token', () => {
    const machine = sessionMachine.provide({
      actors: {
        loadCurrentUser: fromPromise<unknown, void>(async () => ({})),
        watchOtherTabs: fromCallback(() => () => {}),
      },
    });
    const actor = createActor(machine, { input: undefined }).start();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.token).toBe('');
    actor.stop();
  });

  it('no stored colour mode: light', () => {
    const actor = createActor(appearanceMachine, { input: undefined }).start();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('light');
    actor.stop();
  });

  it('no ?page: page 1', () => {
    const machine = itemsPagingMachine.provide({ actors: { list: fromCallback(() => () => {}) } });
    const actor = createActor(machine, { input: { pageSize: PAGE_SIZES.items } }).start();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.page).toBe(1);
    expect(actor.getSnapshot().context.pageSize).toBe(PAGE_SIZES.items);
    actor.stop();
  });

  it("a plan the screen does not know is shown as 'Free'", () => {
    expect(planLabel('Plan1')).toBe('Plan 1');
    expect(planLabel('Plan2')).toBe('Plan 2');
    expect(planLabel(null)).toBe('Free');
    expect(planLabel('Gold')).toBe('Free');
  });
});
