import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { parsePage } from '../../src/api/paging';
import { itemsPagingMachine, usersPagingMachine } from '../../src/machines/paging';

function setup(page: unknown = 1, machine = itemsPagingMachine) {
  const navigate = vi.fn();
  const prefetch = vi.fn();
  const actor = createActor(
    machine.provide({
      actions: {
        navigate: (_, params) => navigate(params.page),
        prefetch: (_, params) => prefetch(params.page),
      },
    }),
    { input: { page: page as number } },
  ).start();
  return { actor, navigate, prefetch };
}

describe('parsePage', () => {
  it.each([
    [3, 3],
    ['2', 2],
    [0, 1],
    [-4, 1],
    [1.5, 1],
    ['abc', 1],
    [undefined, 1],
    [null, 1],
  ])('%s → %i', (raw, page) => {
    expect(parsePage(raw)).toBe(page);
  });
});

describe('paging machine', () => {
  it('an invalid page starts at 1', () => {
    const { actor } = setup('x');
    expect(actor.getSnapshot().context.page).toBe(1);
  });

  it('allows Next only after a full page of 5, and prefetches the next page', () => {
    const { actor, prefetch } = setup(1);
    expect(actor.getSnapshot().can({ type: 'paging.next' })).toBe(false);
    actor.send({ type: 'paging.loaded', rows: 5 });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().can({ type: 'paging.next' })).toBe(true);
    expect(prefetch).toHaveBeenCalledWith(2);
  });

  it('a short page disables Next and prefetches nothing', () => {
    const { actor, prefetch } = setup(1);
    actor.send({ type: 'paging.loaded', rows: 3 });
    expect(actor.getSnapshot().can({ type: 'paging.next' })).toBe(false);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('Next navigates to the following page and waits for it', () => {
    const { actor, navigate } = setup(1);
    actor.send({ type: 'paging.loaded', rows: 5 });
    actor.send({ type: 'paging.next' });
    expect(navigate).toHaveBeenCalledWith(2);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.page).toBe(2);
    expect(actor.getSnapshot().can({ type: 'paging.next' })).toBe(false);
  });

  it('Previous only above page 1', () => {
    const first = setup(1);
    first.actor.send({ type: 'paging.loaded', rows: 5 });
    expect(first.actor.getSnapshot().can({ type: 'paging.previous' })).toBe(false);
    first.actor.send({ type: 'paging.previous' });
    expect(first.navigate).not.toHaveBeenCalled();

    const third = setup(3);
    third.actor.send({ type: 'paging.loaded', rows: 2 });
    third.actor.send({ type: 'paging.previous' });
    expect(third.navigate).toHaveBeenCalledWith(2);
    expect(third.actor.getSnapshot().context.page).toBe(2);
  });

  it('follows the URL (paging.sync) and ignores the page it already shows', () => {
    const { actor, navigate } = setup(1, usersPagingMachine);
    actor.send({ type: 'paging.loaded', rows: 5 });
    actor.send({ type: 'paging.sync', page: 1 });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'paging.sync', page: 4 });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.page).toBe(4);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a failed load still allows going back', () => {
    const { actor, navigate } = setup(2);
    actor.send({ type: 'paging.failed' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().can({ type: 'paging.next' })).toBe(false);
    actor.send({ type: 'paging.previous' });
    expect(navigate).toHaveBeenCalledWith(1);
  });
});
