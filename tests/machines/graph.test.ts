import { getShortestPaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { loginMachine } from '../../src/machines/login-flow';
import { itemsPagingMachine } from '../../src/machines/paging';
import { sessionMachine } from '../../src/machines/session';
import { addItemMachine, profileMachine } from '../../src/machines/signed-in-flows';

/** Every state reachable with these events, keyed by state value only (context is ignored). */
type AnyEvent = { type: string } & Record<string, unknown>;

function reachable(machine: AnyStateMachine, events: AnyEvent[], input?: unknown): string[] {
  const paths = getShortestPaths(machine, {
    events: events as never,
    input: input as never,
    serializeState: (snapshot) => JSON.stringify((snapshot as { value: unknown }).value),
  });
  return [...new Set(paths.map((path) => JSON.stringify((path.state as { value: unknown }).value)))].sort();
}

const done = (id: string, output: unknown = {}) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: { status: 500 } });

describe('graph traversal (state key without context)', () => {
  it('a page form reaches every state', () => {
    const states = reachable(loginMachine, [
      { type: 'form.change', field: 'username', value: 'a@example.com' },
      { type: 'form.set', values: { username: 'a@example.com', password: 'pw' } },
      { type: 'form.blur', field: 'username' },
      { type: 'form.submit' },
      done('submit', { access_token: 't' }),
      error('submit'),
    ]);
    expect(states).toEqual(
      ['{"editing":"invalid"}', '{"editing":"valid"}', '"failed"', '"submitting"', '"succeeded"'].sort(),
    );
  });

  it('a modal form reaches every state of its lifecycle', () => {
    const states = reachable(addItemMachine, [
      { type: 'modal.open' },
      { type: 'form.change', field: 'description', value: 'x' },
      { type: 'form.set', values: { title: 'A title', description: '' } },
      { type: 'form.submit' },
      { type: 'modal.close' },
      done('submit'),
      error('submit'),
    ]);
    expect(states).toEqual(
      [
        '"closed"',
        '{"open":{"editing":"blocked"}}',
        '{"open":{"editing":"invalid"}}',
        '{"open":{"editing":"valid"}}',
        '{"open":"submitting"}',
        '{"open":"failed"}',
      ].sort(),
    );
  });

  it('the profile toggles between viewing and editing', () => {
    const states = reachable(profileMachine, [
      { type: 'profile.edit', values: { full_name: 'A', email: 'a@example.com' } },
      { type: 'form.change', field: 'full_name', value: 'x'.repeat(40) },
      { type: 'form.set', values: { full_name: 'B', email: 'a@example.com' } },
      { type: 'form.submit' },
      { type: 'profile.cancel' },
      done('submit'),
      error('submit'),
    ]);
    expect(states).toEqual(
      [
        '"viewing"',
        '{"editing":{"fields":"blocked"}}',
        '{"editing":{"fields":"invalid"}}',
        '{"editing":{"fields":"valid"}}',
        '{"editing":"submitting"}',
        '{"editing":"failed"}',
      ].sort(),
    );
  });

  it('the session reaches signed out, loading, ready and failed', () => {
    const states = reachable(
      sessionMachine,
      [
        { type: 'session.login', token: 't' },
        { type: 'session.logout' },
        { type: 'session.retry' },
        done('loadCurrentUser'),
        error('loadCurrentUser'),
        { type: 'xstate.error.actor.loadCurrentUser', error: { status: 401 } },
      ],
      { token: '' },
    );
    expect(states).toEqual(
      ['"signedOut"', '{"signedIn":"loading"}', '{"signedIn":"ready"}', '{"signedIn":"failed"}'].sort(),
    );
  });

  it('paging reaches loading, ready and failed', () => {
    const states = reachable(
      itemsPagingMachine,
      [
        { type: 'paging.loaded', list: { data: [{}, {}], count: 2 } },
        { type: 'paging.next' },
        { type: 'paging.previous' },
        { type: 'paging.failed', error: { status: 500 } },
      ],
      { page: 1 },
    );
    expect(states).toEqual(['{"list":"failed"}', '{"list":"loading"}', '{"list":"ready"}'].sort());
  });
});
