import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../src/api/api-error';
import { sessionMachine } from '../../src/machines/session';
import { flush } from './helpers';

function setup(token: string, load: () => Promise<unknown>) {
  const effects = {
    storeToken: vi.fn(),
    removeToken: vi.fn(),
    clearCache: vi.fn(),
    goToLogin: vi.fn(),
    revisitRoute: vi.fn(),
    confirmCurrentUser: vi.fn(),
  };
  const machine = sessionMachine.provide({
    actors: { loadCurrentUser: fromPromise(load) },
    actions: {
      storeToken: (_, params) => effects.storeToken(params.token),
      removeToken: effects.removeToken,
      clearCache: effects.clearCache,
      goToLogin: effects.goToLogin,
      revisitRoute: effects.revisitRoute,
      confirmCurrentUser: effects.confirmCurrentUser,
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

  it.each([
    [401, 'Not authenticated'],
    [403, 'Could not validate credentials'],
    [404, 'User not found'],
  ])('a refused credential while loading (%i %s) ends the session cleanly', async (status, detail) => {
    const { actor, effects } = setup('stale', async () => {
      throw new ApiError(status, { detail });
    });
    await flush();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.token).toBe('');
    expect(effects.removeToken).toHaveBeenCalledTimes(1);
    expect(effects.clearCache).toHaveBeenCalledTimes(1);
    expect(effects.goToLogin).toHaveBeenCalledTimes(1);
  });

  it("a 403 that is not about the token ('not enough privileges') keeps the session", async () => {
    const { actor, effects } = setup('tok', async () => {
      throw new ApiError(403, { detail: "The user doesn't have enough privileges" });
    });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'failed' });
    expect(actor.getSnapshot().context.token).toBe('tok');
    expect(effects.removeToken).not.toHaveBeenCalled();
    expect(effects.goToLogin).not.toHaveBeenCalled();
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

  it("a call answered 404 'User not found' asks for the current user again while ready, and only then", async () => {
    let inactive = true;
    const load = vi.fn(async () => {
      if (inactive) throw new ApiError(400, { detail: 'Inactive user' });
      return { id: 'me' };
    });
    const { actor, effects } = setup('tok', load);
    // Loading (its own answer will tell) and failed: nothing more is asked.
    actor.send({ type: 'session.userNotFound' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'failed' });
    actor.send({ type: 'session.userNotFound' });
    expect(effects.confirmCurrentUser).not.toHaveBeenCalled();
    inactive = false;
    actor.send({ type: 'session.retry' });
    await flush();
    actor.send({ type: 'session.userNotFound' });
    expect(effects.confirmCurrentUser).toHaveBeenCalledTimes(1);
    // The screen stays; the session ends only if that call is refused (session.expired, from the client).
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'ready' });
    expect(effects.goToLogin).not.toHaveBeenCalled();
    actor.send({ type: 'session.userNotFound' });
    expect(effects.confirmCurrentUser).toHaveBeenCalledTimes(2);
  });

  it("an inactive user (400 'Inactive user') can log out of the failed screen", async () => {
    const { actor, effects } = setup('tok', async () => {
      throw new ApiError(400, { detail: 'Inactive user' });
    });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'failed' });
    expect(actor.getSnapshot().can({ type: 'session.logout' })).toBe(true);
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects.removeToken).toHaveBeenCalledTimes(1);
    expect(effects.goToLogin).toHaveBeenCalledTimes(1);
  });

  describe('other tabs of the browser', () => {
    it.each([
      ['loading', async () => new Promise(() => {})],
      ['ready', async () => ({ id: 'me' })],
      [
        'failed',
        async () => {
          throw new ApiError(400, { detail: 'Inactive user' });
        },
      ],
    ] as const)(
      'another tab signed out (%s): this tab signs out without touching storage',
      async (_state, load) => {
        const { actor, effects } = setup('tok', load);
        await flush();
        actor.send({ type: 'session.otherTabSignedOut' });
        expect(actor.getSnapshot().value).toBe('signedOut');
        expect(actor.getSnapshot().context.token).toBe('');
        // The token left storage in the other tab; a newer one is not this tab's to remove.
        expect(effects.removeToken).not.toHaveBeenCalled();
        expect(effects.clearCache).toHaveBeenCalledTimes(1);
        expect(effects.goToLogin).toHaveBeenCalledTimes(1);
        // Both channels report the one change: the second report changes nothing.
        actor.send({ type: 'session.otherTabSignedOut' });
        expect(effects.goToLogin).toHaveBeenCalledTimes(1);
      },
    );

    it('another tab signed in: a signed-out tab takes its token up, loads the user and leaves /login', async () => {
      const load = vi.fn(async () => ({ id: 'me' }));
      const { actor, effects } = setup('', load);
      actor.send({ type: 'session.otherTabSignedIn', token: 'theirs' });
      expect(actor.getSnapshot().value).toEqual({ signedIn: 'loading' });
      expect(actor.getSnapshot().context.token).toBe('theirs');
      expect(effects.storeToken).not.toHaveBeenCalled();
      expect(effects.revisitRoute).toHaveBeenCalledTimes(1);
      await flush();
      expect(actor.getSnapshot().value).toEqual({ signedIn: 'ready' });
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('the same token again changes nothing; another token reloads the user with an empty cache', async () => {
      const load = vi.fn(async () => ({ id: 'me' }));
      const { actor, effects } = setup('tok', load);
      await flush();
      actor.send({ type: 'session.otherTabSignedIn', token: 'tok' });
      expect(actor.getSnapshot().value).toEqual({ signedIn: 'ready' });
      expect(load).toHaveBeenCalledTimes(1);
      expect(effects.clearCache).not.toHaveBeenCalled();
      actor.send({ type: 'session.otherTabSignedIn', token: 'another' });
      expect(actor.getSnapshot().value).toEqual({ signedIn: 'loading' });
      expect(actor.getSnapshot().context.token).toBe('another');
      expect(effects.clearCache).toHaveBeenCalledTimes(1);
      expect(effects.storeToken).not.toHaveBeenCalled();
      expect(effects.revisitRoute).not.toHaveBeenCalled();
      await flush();
      expect(load).toHaveBeenCalledTimes(2);
      expect(actor.getSnapshot().value).toEqual({ signedIn: 'ready' });
    });

    it('watches the other tabs from start to stop, in every state', async () => {
      const stopped = vi.fn();
      const started = vi.fn();
      const machine = sessionMachine.provide({
        actors: {
          loadCurrentUser: fromPromise<unknown, void>(async () => ({})),
          watchOtherTabs: fromCallback(() => {
            started();
            return stopped;
          }),
        },
      });
      const actor = createActor(machine, { input: { token: '' } }).start();
      actor.send({ type: 'session.otherTabSignedIn', token: 'theirs' });
      await flush();
      actor.send({ type: 'session.otherTabSignedOut' });
      expect(started).toHaveBeenCalledTimes(1);
      expect(stopped).not.toHaveBeenCalled();
      actor.stop();
      expect(stopped).toHaveBeenCalledTimes(1);
    });
  });
});
