import { getToken, TABS_CHANNEL, TOKEN_KEY } from '../../api/token';

export { TABS_CHANNEL };

/**
 * The tabs of one browser share the stored token (localStorage) and tell each other when it changes.
 * A tab that stores or removes the token posts on a BroadcastChannel; the `storage` event, which the
 * browser fires in the other tabs once the change reached them, is the fallback (a browser without
 * BroadcastChannel, a token cleared by other means). Either is only a cue: what a tab acts on is the
 * token its own storage holds. A message may arrive before the change reached this tab's storage
 * (Chromium hands localStorage changes to other tabs' processes a little later): the tab then looks
 * again shortly after, until its storage agrees with the message or 0.6 s have passed.
 */

export interface TabMessage {
  kind: 'session.tokenChanged';
  /** The tab that changed it (each ignores its own messages). */
  from: string;
  /** The token it stored, or '' when it removed it. */
  token: string;
}

/** The pauses between looks at a storage that does not show a message's change yet (ms, 600 in all). */
const RECHECKS = [10, 20, 40, 80, 150, 300];

/** Tells the other tabs that this tab stored `token` ('' when it removed it). */
export function announceToken(from: string, token: string): void {
  if (typeof BroadcastChannel !== 'function') return;
  try {
    const channel = new BroadcastChannel(TABS_CHANNEL);
    channel.postMessage({ kind: 'session.tokenChanged', from, token } satisfies TabMessage);
    channel.close();
  } catch {
    // No channel: the other tabs learn it from the storage event.
  }
}

/**
 * Calls `changed` with the stored token whenever another tab may have changed it; returns the way to
 * stop. The same change usually comes twice (the message and the storage event): the receiver ignores
 * what changes nothing.
 */
export function watchOtherTabs(self: string, changed: (token: string) => void): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const report = () => changed(getToken());
  // Looks again until this tab's storage holds `token`; the last look reports whatever it holds.
  const recheck = (token: string, index: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const last = index === RECHECKS.length - 1;
      if (getToken() === token || last) report();
      else recheck(token, index + 1);
    }, RECHECKS[index]);
    timers.add(timer);
  };

  const onStorage = (event: StorageEvent) => {
    // `key` null: the whole storage was cleared.
    if (event.key === TOKEN_KEY || event.key === null) report();
  };
  const hasWindow = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
  if (hasWindow) window.addEventListener('storage', onStorage);

  let channel: BroadcastChannel | undefined;
  if (typeof BroadcastChannel === 'function') {
    try {
      channel = new BroadcastChannel(TABS_CHANNEL);
      channel.onmessage = ({ data }: MessageEvent<TabMessage>) => {
        if (data?.kind !== 'session.tokenChanged' || data.from === self) return;
        report();
        if (getToken() !== data.token) recheck(data.token, 0);
      };
    } catch {
      channel = undefined;
    }
  }

  return () => {
    if (hasWindow) window.removeEventListener('storage', onStorage);
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    channel?.close();
  };
}
