import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../src/machines/session';
import { flush } from './helpers';

function setup(token: string, load: () => Promise<unknown>) {
  const effects = { storeToken: vi.fn(), removeToken: vi.fn(), clearCache: vi.fn(), goToLogin: vi.fn() };
  const machine = sessionMachine.provide({
    actors: { loadCurrentUser: fromPromise(load) },
    actions: {
      storeToken: (_, params) => effects.storeToken(params.token),
      removeToken: effects.removeToken,
      clearCache: effects.clearCache,
      goToLogin: effects.goToLogin,
    },
  });
  return { actor: createActor(machine, { input: { token } }).start(), effects };
}

describe('session machine', () => {
  it('starts signed out without a token', () => {
    const { actor } = setup('', async () => ({}));
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('loads the current user when a token is stored', async () => {
    const { actor } = setup('tok', async () => ({ id: 'me' }));
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'loading' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'ready' });
  });

  it('login stores the token and loads the user', async () => {
    const load = vi.fn(async () => ({ id: 'me' }));
    const { actor, effects } = setup('', load);
    actor.send({ type: 'session.login', token: 'new-token' });
    expect(effects.storeToken).toHaveBeenCalledWith('new-token');
    expect(actor.getSnapshot().context.token).toBe('new-token');
    await flush();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'ready' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([401, 403])('a %i while loading ends the session cleanly', async (status) => {
    const { actor, effects } = setup('stale', async () => {
      throw { status };
    });
    await flush();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.token).toBe('');
    expect(effects.removeToken).toHaveBeenCalledTimes(1);
    expect(effects.clearCache).toHaveBeenCalledTimes(1);
    expect(effects.goToLogin).toHaveBeenCalledTimes(1);
  });

  it('another failure keeps the token and allows a retry', async () => {
    let fail = true;
    const { actor, effects } = setup('tok', async () => {
      if (fail) throw { status: 500 };
      return {};
    });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'failed' });
    expect(effects.removeToken).not.toHaveBeenCalled();
    fail = false;
    actor.send({ type: 'session.retry' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'ready' });
  });

  it('logout and expiry remove the token, clear the cache and go to /login', async () => {
    for (const type of ['session.logout', 'session.expired'] as const) {
      const { actor, effects } = setup('tok', async () => ({}));
      await flush();
      actor.send({ type });
      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(effects.removeToken).toHaveBeenCalledTimes(1);
      expect(effects.clearCache).toHaveBeenCalledTimes(1);
      expect(effects.goToLogin).toHaveBeenCalledTimes(1);
    }
  });

  it('ignores logout when already signed out', () => {
    const { actor, effects } = setup('', async () => ({}));
    actor.send({ type: 'session.logout' });
    expect(effects.goToLogin).not.toHaveBeenCalled();
  });
});
