import { randomBytes } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** A second process on a locked folder: it stops with this message and opens nothing. */
export class FolderLockedError extends Error {}

export interface FolderLock {
  release(): void;
}

interface Owner {
  pid?: number;
  host?: string;
  purpose?: string;
  /** Names this taking of the lock: a takeover replaces exactly the lock it judged stale, no other. */
  token?: string;
}

/** The owner touches its lock this often, so that a lock written on another machine can age out. */
const HEARTBEAT_MS = 10_000;
/** A foreign lock stale by our clock is watched this long before it is taken: the clocks may differ. */
const FOREIGN_WATCH_MS = HEARTBEAT_MS * 1.5;
/** A lock from another host (a copied or shared DATA_DIR, a container with a new hostname) untouched this long is stale. */
export const FOREIGN_STALE_MS = 60_000;
/** A takeover takes microseconds; its marker older than this was left by a process that died in it. */
const TAKEOVER_STALE_MS = 10_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function read(file: string): { owner: Owner; ageMs: number; mtimeMs: number } | undefined {
  let owner: Owner = {};
  try {
    owner = JSON.parse(readFileSync(file, 'utf8')) as Owner;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // Unreadable (a torn file of an older version): a lock of nobody, aged by its mtime.
  }
  const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  return mtimeMs === undefined ? undefined : { owner, ageMs: Date.now() - mtimeMs, mtimeMs };
}

function createExclusive(file: string, content: Buffer | string): boolean {
  try {
    writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  }
}

/** Whether the lock's file is touched (or replaced) within FOREIGN_WATCH_MS of `mtimeMs`. */
function touchedWhileWatched(file: string, mtimeMs: number): boolean {
  pause(FOREIGN_WATCH_MS);
  const now = read(file);
  return now !== undefined && now.mtimeMs !== mtimeMs;
}

/** An owner whose lock was taken over (it was stalled past FOREIGN_STALE_MS) must stop writing at once. */
function lockLost(file: string): never {
  console.error(
    `FATAL: the lock ${file} was taken over by another process while this one held it (stalled for over ` +
      `${FOREIGN_STALE_MS / 1000} s?). Stopping now so that two processes never write the embedded database.`,
  );
  process.exit(1);
}

/**
 * PGlite is one process per data folder (a second one would work on its own copy). The lock is a file
 * beside the folder naming its owner (pid, host, a random token):
 * - taken by one link(2) of a complete file, which fails if the name exists: never two owners, never a
 *   half-written lock;
 * - stale when its owner is gone: on this host its pid is not running; from another host, untouched for
 *   FOREIGN_STALE_MS (its owner touches it every HEARTBEAT_MS) and still after FOREIGN_WATCH_MS;
 * - its owner's heartbeat stops a process whose lock was taken over while it was stalled (`onLost`);
 * - a stale lock is taken over by whoever creates `<lock>.takeover-<its token>` first (O_EXCL) and still
 *   finds that token in the lock, then renames its own file over it (atomic).
 */
export function lockFolder(
  folder: string,
  purpose: string,
  /** Called when the heartbeat finds the lock is no longer ours; by default the process stops. */
  onLost: (file: string) => void = lockLost,
): FolderLock {
  const file = `${folder}.lock`;
  mkdirSync(path.dirname(file), { recursive: true });
  const token = randomBytes(12).toString('hex');
  const mine = `${file}.${token}`;
  writeFileSync(mine, JSON.stringify({ pid: process.pid, host: hostname(), purpose, token }), {
    mode: 0o600,
  });
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        linkSync(mine, file);
        return held(file, token, onLost);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') {
          // A filesystem without hard links (some network shares, FUSE mounts): an exclusive create,
          // which a reader may see for a moment half-written (read() counts that as nobody's lock).
          if (createExclusive(file, readFileSync(mine))) return held(file, token, onLost);
        } else if (code !== 'EEXIST') throw error;
      }
      const current = read(file);
      if (!current) continue; // released in between
      const { owner, ageMs } = current;
      const pid = Number(owner.pid);
      const sameHost = owner.host === undefined || owner.host === hostname();
      const ownerAlive = sameHost
        ? Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)
        : ageMs < FOREIGN_STALE_MS || touchedWhileWatched(file, current.mtimeMs);
      if (ownerAlive) {
        throw new FolderLockedError(
          `The embedded database in ${folder} is in use by process ${pid}` +
            `${sameHost ? '' : ` on ${owner.host} (its lock was touched ${Math.round(ageMs / 1000)} s ago; it is taken over when untouched for ${FOREIGN_STALE_MS / 1000} s)`}` +
            `${owner.purpose ? ` (${owner.purpose})` : ''}. One process at a time can open it: stop that one first, ` +
            'or use a PostgreSQL server (DATABASE_URL) to run several server processes.',
        );
      }
      if (takeOver(file, owner.token ?? `untokened-${pid}-${owner.host}`, mine))
        return held(file, token, onLost);
      pause(20);
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new FolderLockedError(`Could not take the lock ${file}: other processes keep taking it.`);
}

/** Replaces the stale lock named `staleToken` by `mine`, if no other process is replacing it. */
function takeOver(file: string, staleToken: string, mine: string): boolean {
  const marker = `${file}.takeover-${staleToken.replace(/[^\w.-]/g, '_')}`;
  if (!createExclusive(marker, String(process.pid))) {
    if ((read(marker)?.ageMs ?? 0) > TAKEOVER_STALE_MS) rmSync(marker, { force: true });
    return false;
  }
  try {
    const now = read(file)?.owner;
    const nowToken = now ? (now.token ?? `untokened-${Number(now.pid)}-${now.host}`) : undefined;
    if (nowToken !== staleToken) return false; // replaced or released meanwhile: look again
    renameSync(mine, file);
    return true;
  } finally {
    rmSync(marker, { force: true });
  }
}

function held(file: string, token: string, onLost: (file: string) => void): FolderLock {
  const heartbeat = setInterval(() => {
    const current = read(file);
    // Gone (removed by hand): nothing to keep fresh.
    if (!current) return;
    if (current.owner.token !== token) {
      clearInterval(heartbeat);
      onLost(file);
      return;
    }
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // Removed between the read and the touch.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    release() {
      clearInterval(heartbeat);
      if (read(file)?.owner.token === token) rmSync(file, { force: true });
    },
  };
}
