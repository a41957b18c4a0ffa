// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../src/api/token';
import { announceToken, watchOtherTabs } from '../../src/features/app/tabs';

/**
 * The tabs' link (src/features/app/tabs.ts) with a real BroadcastChannel (Node's: channels of one name
 * reach each other within the process, as the tabs of one browser do) and jsdom's localStorage. The
 * `storage` event is the browser's to fire in the other tabs: here it is dispatched as it would be.
 */

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  localStorage.clear();
});

function watch(self: string) {
  const reports: string[] = [];
  stops.push(watchOtherTabs(self, (token) => reports.push(token)));
  return reports;
}

const storageEvent = (key: string | null, newValue: string | null) =>
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));

describe('the tabs of one browser', () => {
  it("reports another tab's log-out and log-in at once, and ignores its own messages", async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const reports = watch('tab-b');
    localStorage.removeItem(TOKEN_KEY);
    announceToken('tab-b', ''); // this tab's own: ignored
    announceToken('tab-a', '');
    await vi.waitFor(() => expect(reports).toEqual(['']), { timeout: 100, interval: 5 });
    localStorage.setItem(TOKEN_KEY, 'new');
    announceToken('tab-a', 'new');
    await vi.waitFor(() => expect(reports).toEqual(['', 'new']), { timeout: 100, interval: 5 });
  });

  it("looks again when the message comes before the change reached this tab's storage", async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const reports = watch('tab-b');
    announceToken('tab-a', '');
    // The message is first: storage still holds the token, which is reported (the session ignores it).
    await vi.waitFor(() => expect(reports).toEqual(['tok']), { timeout: 100, interval: 5 });
    localStorage.removeItem(TOKEN_KEY);
    const since = Date.now();
    await vi.waitFor(() => expect(reports).toEqual(['tok', '']), { timeout: 700, interval: 5 });
    expect(Date.now() - since).toBeLessThan(400);
  });

  it('falls back on the storage event: the token key, or the whole storage cleared', () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const reports = watch('tab-b');
    storageEvent('color-mode', 'dark');
    expect(reports).toEqual([]);
    localStorage.removeItem(TOKEN_KEY);
    storageEvent(TOKEN_KEY, null);
    expect(reports).toEqual(['']);
    localStorage.setItem(TOKEN_KEY, 'again');
    storageEvent(TOKEN_KEY, 'again');
    expect(reports).toEqual(['', 'again']);
    localStorage.clear();
    storageEvent(null, null);
    expect(reports).toEqual(['', 'again', '']);
  });

  it('stops listening when stopped', async () => {
    const reports: string[] = [];
    const stop = watchOtherTabs('tab-b', (token) => reports.push(token));
    stop();
    announceToken('tab-a', '');
    storageEvent(TOKEN_KEY, null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reports).toEqual([]);
  });
});
