// `npm run dev` on ports of its own: Vite proxies /api to the API on $PORT (not to 8000), and SIGTERM or
// SIGINT (Ctrl-C) to npm stops the whole tree (npm, the dev script, tsx's watcher and the server it runs, Vite).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, ROOT } from '../support/processes.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Every live descendant of `pid` (by parent links in /proc), zombies left out. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state !== 'Z') parents.set(Number(entry), Number(ppid));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

describe.skipIf(
  Boolean(process.env.TEST_DATABASE_URL) || !existsSync(path.join(ROOT, 'node_modules', '.bin', 'vite')),
)('npm run dev', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'follows PORT through the Vite proxy, and %s to npm stops every process it started',
    async (signal) => {
      const apiPort = await freePort();
      const webPort = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'starter-dev-'));
      folders.push(dataDir);
      const password = randomBytes(12).toString('base64url');
      let output = '';
      const npm: ChildProcess = spawn('npm', ['run', 'dev'], {
        cwd: ROOT,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: process.env.HOME ?? '/tmp',
          PORT: String(apiPort),
          DEV_WEB_PORT: String(webPort),
          DATA_DIR: dataDir,
          FIRST_SUPERUSER: 'admin@example.com',
          FIRST_SUPERUSER_PASSWORD: password,
          LOG_LEVEL: 'warn',
        },
      });
      npm.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      npm.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
      const pid = npm.pid ?? 0;
      let tree: number[] = [];
      try {
        // Through Vite's port: a login only this test's API can accept (another API may listen on 8000).
        const deadline = Date.now() + 120_000;
        let status = 0;
        while (Date.now() < deadline && status !== 200) {
          await sleep(500);
          status = await fetch(`http://localhost:${webPort}/api/v1/login/access-token`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ username: 'admin@example.com', password }),
            signal: AbortSignal.timeout(5_000),
          }).then(
            (res) => res.status,
            () => 0,
          );
        }
        expect(status, output).toBe(200);
        tree = descendants(pid);
        // npm's shell or the dev script, tsx's watcher, the server, Vite (and esbuild's service).
        expect(tree.length, `process tree: ${tree}`).toBeGreaterThanOrEqual(4);

        process.kill(pid, signal);
        await Promise.race([exited, sleep(20_000)]);
        const deadlineGone = Date.now() + 10_000;
        while (Date.now() < deadlineGone && [pid, ...tree].some(alive)) await sleep(200);
        expect([pid, ...tree].filter(alive), output).toEqual([]);
      } finally {
        // Whatever is left, also after a failure before the tree was taken.
        if (tree.length === 0) tree = descendants(pid);
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {}
        for (const other of tree) {
          try {
            process.kill(other, 'SIGKILL');
          } catch {}
        }
      }
    },
    180_000,
  );
});
