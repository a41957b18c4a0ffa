import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { appearanceMachine, parseColorMode } from '../../src/machines/appearance';

function setup(stored: unknown) {
  const apply = vi.fn();
  const persist = vi.fn();
  const watching = {
    started: 0,
    stopped: 0,
    sendBack: undefined as undefined | ((e: { type: 'appearance.systemChanged' }) => void),
  };
  const actor = createActor(
    appearanceMachine.provide({
      actions: { apply: (_, p) => apply(p.mode), persist: (_, p) => persist(p.mode) },
      actors: {
        watchSystem: fromCallback(({ sendBack }) => {
          watching.started++;
          watching.sendBack = sendBack;
          return () => {
            watching.stopped++;
          };
        }),
      },
    }),
    { input: { stored } },
  ).start();
  return { actor, apply, persist, watching };
}

describe('appearance machine', () => {
  it('is light by default (and for unknown stored values)', () => {
    expect(parseColorMode('purple')).toBe('light');
    const { actor, apply, persist } = setup(null);
    expect(actor.getSnapshot().value).toBe('light');
    expect(apply).toHaveBeenCalledWith('light');
    expect(persist).not.toHaveBeenCalled();
  });

  it('restores a stored dark choice', () => {
    const { actor, apply } = setup('dark');
    expect(actor.getSnapshot().value).toBe('dark');
    expect(apply).toHaveBeenLastCalledWith('dark');
  });

  it('switching persists the choice and applies it', () => {
    const { actor, apply, persist } = setup('light');
    actor.send({ type: 'appearance.change', mode: 'dark' });
    expect(actor.getSnapshot().value).toBe('dark');
    expect(persist).toHaveBeenLastCalledWith('dark');
    expect(apply).toHaveBeenLastCalledWith('dark');
  });

  it('system mode follows the OS while chosen', () => {
    const { actor, apply, watching } = setup('light');
    actor.send({ type: 'appearance.change', mode: 'system' });
    expect(watching.started).toBe(1);
    apply.mockClear();
    watching.sendBack?.({ type: 'appearance.systemChanged' });
    expect(apply).toHaveBeenCalledWith('system');
    actor.send({ type: 'appearance.change', mode: 'light' });
    expect(watching.stopped).toBe(1);
  });
});
