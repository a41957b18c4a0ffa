// A private redis-server for tests that stop, kill or freeze it: the machine's own Redis (6379) is shared
// by every test and session and must never be stopped or frozen.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './processes.ts';

export const redisBinary: string | null = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server']).toString().trim() || null;
  } catch {
    return null;
  }
})();

/** Whether a Redis answers at `url` (the tests that use the machine's shared one skip without it). */
export async function redisReachable(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export interface PrivateRedis {
  port: number;
  url: string;
  /** SIGSTOP: the server keeps its sockets open and answers nothing, as a black hole or a long fork. */
  freeze(): void;
  thaw(): void;
  /** SIGKILL; `start()` brings a new (empty) server back on the same port. */
  kill(): Promise<void>;
  start(): Promise<void>;
  isRunning(): boolean;
}

function spawnRedis(port: number, extraArgs: string[]): Promise<ChildProcess> {
  const child = spawn(
    redisBinary ?? 'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extraArgs],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve(child);
    });
    child.once('exit', () => reject(new Error(`redis-server exited:\n${out}`)));
  });
}

/** `extraArgs` are redis-server's own, e.g. `['--requirepass', 'secret']`. */
export async function startPrivateRedis(port?: number, extraArgs: string[] = []): Promise<PrivateRedis> {
  const chosen = port ?? (await freePort());
  let child = await spawnRedis(chosen, extraArgs);
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    freeze: () => {
      if (running()) child.kill('SIGSTOP');
    },
    thaw: () => {
      if (running()) child.kill('SIGCONT');
    },
    isRunning: running,
    async kill() {
      if (!running()) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await gone;
    },
    async start() {
      if (running()) return;
      child = await spawnRedis(chosen, extraArgs);
    },
  };
}
