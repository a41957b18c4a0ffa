import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** A second process on a locked folder: it stops with this message and opens nothing. */
export class FolderLockedError extends Error {}

export interface FolderLock {
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process per data folder: a second process opening it would work on its own copy and the
 * two would diverge. The lock is a file beside the folder holding the owner's pid and host, created
 * exclusively; a lock left by a process that is gone (killed, machine restarted) is taken over.
 */
export function lockFolder(folder: string, purpose: string): FolderLock {
  const file = `${folder}.lock`;
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner: { pid?: number; host?: string; purpose?: string } = {};
      try {
        owner = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        // Being written right now by another process, or torn: look again.
      }
      const pid = Number(owner.pid);
      const sameHost = owner.host === undefined || owner.host === hostname();
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && (!sameHost || alive(pid))) {
        throw new FolderLockedError(
          `The embedded database in ${folder} is in use by process ${pid}${sameHost ? '' : ` on ${owner.host}`}` +
            `${owner.purpose ? ` (${owner.purpose})` : ''}. One process at a time can open it: stop that one first, ` +
            'or use a PostgreSQL server (DATABASE_URL) to run several server processes.',
        );
      }
      if (Number.isInteger(pid) && pid > 0) rmSync(file, { force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      continue;
    }
    writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), purpose }));
    closeSync(fd);
    return {
      release() {
        try {
          const owner = JSON.parse(readFileSync(file, 'utf8'));
          if (owner.pid === process.pid) rmSync(file, { force: true });
        } catch {
          // Already gone.
        }
      },
    };
  }
  throw new FolderLockedError(`Could not take the lock ${file}: another process keeps taking it.`);
}
