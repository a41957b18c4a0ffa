import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, fromCallback } from 'xstate';
import { type ListName, type PageRequest, parsePage } from '../../src/api/paging';
import { itemsPagingMachine, pageRows, usersPagingMachine } from '../../src/machines/paging';
import { listPaging } from '../support/paging';

const items = listPaging('items');
/** A full page of items, and a short one. */
const FULL = items.pageSize;
const SHORT = items.pageSize - 1;

/** The list actor is the boundary: each start records its page and can answer as the query would. */
function setup(page: unknown = 1, machine = itemsPagingMachine, list: ListName = 'items') {
  const { pageSize } = listPaging(list);
  const navigate = vi.fn();
  const prefetch = vi.fn();
  const started: number[] = [];
  /** The page size of each start of the list query. */
  const sizes: number[] = [];
  const stopped: number[] = [];
  const actor = createActor(
    machine.provide({
      actors: {
        list: fromCallback<EventObject, PageRequest>(({ input }) => {
          started.push(input.page);
          sizes.push(input.pageSize);
          return () => stopped.push(input.page);
        }),
      },
      actions: {
        navigate: (_, params) => navigate(params.page),
        prefetch: (_, params) => prefetch(params.page),
      },
    }),
    { input: { page, pageSize } },
  ).start();
  return { actor, navigate, prefetch, started, sizes, stopped };
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `row-${i}` }));
const loaded = (n: number, count = items.rows(2, 2)) => ({
  type: 'paging.loaded' as const,
  list: { data: rows(n), count },
});

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

  it('allows Next only after a full page, and prefetches the next page', () => {
    const { actor, prefetch } = setup(1);
    expect(actor.getSnapshot().can({ type: 'paging.next' })).toBe(false);
    actor.send(loaded(FULL));
    expect(actor.getSnapshot().value).toEqual({ list: 'ready' });
    expect(actor.getSnapshot().can({ type: 'paging.next' })).toBe(true);
    expect(prefetch).toHaveBeenCalledWith(2);
  });

  it('a short page disables Next and prefetches nothing', () => {
    const { actor, prefetch } = setup(1);
    actor.send(loaded(SHORT));
    expect(actor.getSnapshot().can({ type: 'paging.next' })).toBe(false);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('Next navigates to the following page and waits for it', () => {
    const { actor, navigate } = setup(1);
    actor.send(loaded(FULL));
    actor.send({ type: 'paging.next' });
    expect(navigate).toHaveBeenCalledWith(2);
    expect(actor.getSnapshot().value).toEqual({ list: 'loading' });
    expect(actor.getSnapshot().context.page).toBe(2);
    expect(actor.getSnapshot().can({ type: 'paging.next' })).toBe(false);
  });

  it('Previous only above page 1', () => {
    const first = setup(1);
    first.actor.send(loaded(FULL));
    expect(first.actor.getSnapshot().can({ type: 'paging.previous' })).toBe(false);
    first.actor.send({ type: 'paging.previous' });
    expect(first.navigate).not.toHaveBeenCalled();

    const third = setup(3);
    third.actor.send(loaded(SHORT));
    third.actor.send({ type: 'paging.previous' });
    expect(third.navigate).toHaveBeenCalledWith(2);
    expect(third.actor.getSnapshot().context.page).toBe(2);
  });

  it('follows the URL (paging.sync) and ignores the page it already shows', () => {
    const { actor, navigate } = setup(1, usersPagingMachine, 'users');
    actor.send(loaded(listPaging('users').pageSize));
    actor.send({ type: 'paging.sync', page: 1 });
    expect(actor.getSnapshot().value).toEqual({ list: 'ready' });
    actor.send({ type: 'paging.sync', page: 4 });
    expect(actor.getSnapshot().value).toEqual({ list: 'loading' });
    expect(actor.getSnapshot().context.page).toBe(4);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a failed load still allows going back', () => {
    const { actor, navigate } = setup(2);
    actor.send({ type: 'paging.failed', error: new Error('Bad Request') });
    expect(actor.getSnapshot().value).toEqual({ list: 'failed' });
    expect(actor.getSnapshot().can({ type: 'paging.next' })).toBe(false);
    actor.send({ type: 'paging.previous' });
    expect(navigate).toHaveBeenCalledWith(1);
  });

  it('runs the list query of its page, and a new page restarts it on that page', () => {
    const { actor, started, sizes, stopped } = setup(2);
    expect(started).toEqual([2]);
    actor.send(loaded(FULL));
    actor.send({ type: 'paging.next' });
    expect(started).toEqual([2, 3]);
    expect(stopped).toEqual([2]);
    actor.send({ type: 'paging.sync', page: 3 });
    expect(started).toEqual([2, 3]);
    actor.send({ type: 'paging.sync', page: 7 });
    expect(started).toEqual([2, 3, 7]);
    expect(stopped).toEqual([2, 3]);
    // Every page is asked for in the list's own page size, the machine's input.
    expect(sizes).toEqual([FULL, FULL, FULL]);
  });

  it("takes the page size from its input: a full page is the input's size", () => {
    const { actor, prefetch } = setup(1, usersPagingMachine, 'users');
    const { pageSize } = listPaging('users');
    expect(actor.getSnapshot().context.pageSize).toBe(pageSize);
    actor.send(loaded(pageSize + 1));
    expect(actor.getSnapshot().can({ type: 'paging.next' })).toBe(false);
    actor.send(loaded(pageSize));
    expect(prefetch).toHaveBeenCalledWith(2);
  });

  it('keeps the last page on screen while another loads, and its rows count only on its page', () => {
    const { actor } = setup(1);
    actor.send(loaded(FULL, 33));
    actor.send({ type: 'paging.next' });
    const context = actor.getSnapshot().context;
    expect(context.list).toEqual({ page: 1, data: rows(FULL), count: 33 });
    expect(pageRows(context)).toBe(0);
    actor.send(loaded(FULL, 33));
    expect(actor.getSnapshot().context.list?.page).toBe(2);
    expect(pageRows(actor.getSnapshot().context)).toBe(FULL);
  });

  it('a refetch answers again while shown (refreshing the prefetch), and a failed refetch is shown', () => {
    const { actor, prefetch } = setup(1);
    actor.send(loaded(SHORT));
    actor.send(loaded(FULL));
    expect(prefetch).toHaveBeenCalledWith(2);
    const error = new Error('Bad Request');
    actor.send({ type: 'paging.failed', error });
    expect(actor.getSnapshot().value).toEqual({ list: 'failed' });
    expect(actor.getSnapshot().context.error).toBe(error);
    expect(actor.getSnapshot().can({ type: 'paging.next' })).toBe(false);
    actor.send(loaded(FULL));
    expect(actor.getSnapshot().value).toEqual({ list: 'ready' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('the network coming back asks a failed page again (a shown or loading one is left to its query)', () => {
    const { actor, started, stopped } = setup(2);
    actor.send({ type: 'paging.online' });
    expect(started).toEqual([2]);
    actor.send({ type: 'paging.failed', error: new Error('Bad Request') });
    expect(actor.getSnapshot().value).toEqual({ list: 'failed' });
    actor.send({ type: 'paging.online' });
    expect(actor.getSnapshot().value).toEqual({ list: 'loading' });
    expect(started).toEqual([2, 2]);
    expect(stopped).toEqual([2]);
    actor.send(loaded(FULL));
    actor.send({ type: 'paging.online' });
    expect(actor.getSnapshot().value).toEqual({ list: 'ready' });
    expect(started).toEqual([2, 2]);
  });
});
