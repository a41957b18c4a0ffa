// The embedded database's folder lock (server/db/folder-lock.ts) with real processes: many processes
// racing for one stale lock (only one may win), and the rule for a lock written on another host.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { FOREIGN_STALE_MS, FolderLockedError, lockFolder } from '../../server/db/folder-lock.ts';
import { ROOT } from '../support/processes.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'starter-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
}
/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

/** The lock's module as plain JavaScript: contenders start in plain node (tsx takes seconds under load). */
function compiledLockModule(): string {
  const source = readFileSync(path.join(ROOT, 'server/db/folder-lock.ts'), 'utf8');
  const output = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const file = path.join(path.dirname(folder()), 'folder-lock.mjs');
  writeFileSync(file, output);
  return file;
}

/**
 * A process that tries to take the lock at `startAt` (all of them at once) and says how it went, with
 * how late it tried (ms); a winner holds the lock until its stdin closes.
 */
function contender(lockModule: string, lockOf: string, startAt: number) {
  const script = `
    import { lockFolder } from ${JSON.stringify(lockModule)};
    await new Promise((resolve) => setTimeout(resolve, ${startAt} - Date.now() - 30));
    while (Date.now() < ${startAt}) {}
    const late = Date.now() - ${startAt};
    try {
      const lock = lockFolder(${JSON.stringify(lockOf)}, 'race');
      process.stdout.write('took ' + late + '\\n');
      process.stdin.on('data', () => {});
      process.stdin.on('end', () => lock.release());
    } catch (error) {
      process.stdout.write(error.constructor.name + ' ' + late + '\\n');
    }`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const answered = new Promise<string>((resolve) => {
    const keep = (chunk: Buffer) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.trim());
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('exit', () => resolve(out.trim()));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const finish = () => {
    child.stdin.end();
    return exited;
  };
  return { answered, finish };
}

describe('the embedded database folder lock', () => {
  it('a stale lock that many processes find at once is taken over by exactly one', {
    timeout: 120_000,
  }, async () => {
    const lockModule = compiledLockModule();
    for (let round = 0; round < 3; round++) {
      const dir = folder();
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: deadPid(), host: hostname(), purpose: 'killed' }));
      // Started together once node has started in every one of them.
      const startAt = Date.now() + 4_000;
      const contenders = Array.from({ length: 6 }, () => contender(lockModule, dir, startAt));
      const outcomes = await Promise.all(contenders.map((c) => c.answered));
      await Promise.all(contenders.map((c) => c.finish()));
      console.log(`round ${round} (outcome, ms late): ${outcomes.join(', ')}`);
      const kinds = outcomes.map((o) => o.split(' ')[0]);
      expect(kinds.filter((k) => k === 'took')).toHaveLength(1);
      expect(kinds.filter((k) => k !== 'took').every((k) => k === 'FolderLockedError')).toBe(true);
    }
  });

  it('a lock written on another host holds while its owner keeps it fresh, and is taken over once it is not', {
    timeout: 60_000,
  }, () => {
    const dir = folder();
    const lockFile = `${dir}.lock`;
    writeFileSync(
      lockFile,
      JSON.stringify({ pid: 4242, host: 'other-machine', purpose: 'server', token: 'x1' }),
    );
    expect(() => lockFolder(dir, 'server')).toThrow(FolderLockedError);
    expect(() => lockFolder(dir, 'server')).toThrow(
      /in use by process 4242 on other-machine .*untouched for 60 s/,
    );
    const old = new Date(Date.now() - FOREIGN_STALE_MS - 5_000);
    utimesSync(lockFile, old, old);
    const lock = lockFolder(dir, 'server');
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
    expect(() => readFileSync(lockFile)).toThrow(/ENOENT/);
  });

  it('an owner whose lock was taken over hears it at its next heartbeat', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const dir = folder();
      const lost: string[] = [];
      const lock = lockFolder(dir, 'server', (file) => lost.push(file));
      vi.advanceTimersByTime(10_000);
      expect(lost).toEqual([]);
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 4242, host: 'other-machine', token: 'taker' }));
      vi.advanceTimersByTime(10_000);
      expect(lost).toEqual([`${dir}.lock`]);
      lock.release();
      // Not ours: release leaves the taker's lock alone.
      expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ token: 'taker' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a lock of this host whose process is gone is taken over; a live one is refused', () => {
    const dir = folder();
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: deadPid(), host: hostname() }));
    const lock = lockFolder(dir, 'server');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      lock.release();
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: other.pid, host: hostname(), purpose: 'server' }));
      expect(() => lockFolder(dir, 'server')).toThrow(`is in use by process ${other.pid} (server)`);
    } finally {
      other.kill();
    }
  });
});
