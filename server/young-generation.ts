// Imported first by main.ts (which `npm start` runs in its own process: that process restarts): caps V8's
// young generation, which must be set when the process starts. Node 22+ (V8 12+) lets each of its two
// semi-spaces grow to 64 MB in a 64-bit build without pointer compression; under load both are touched,
// so ~128 MB of the server's RSS was empty young generation (docs/benchmarks.md, "Memory on Node 24").
// 16 MB a semi-space is what Node 20 used; the scavenges it costs more are measured there too.
import cluster from 'node:cluster';

const YOUNG_GENERATION_FLAG = '--max-semi-space-size=16';

/** Whether this process was started with a semi-space size: ours, or one an operator chose. */
function semiSpaceSet(): boolean {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return given.some((option) => option.startsWith('--max-semi-space-size'));
}

type Execve = (file: string, args: string[], env: NodeJS.ProcessEnv) => never;

// Replaces this process with the same command plus the flag: the same PID, so signals, systemd and
// `exec` in npm scripts see no difference. Cluster workers inherit the primary's flags; a process with an
// IPC channel (a dev watcher's child) keeps running as it is, since the channel would not survive.
// process.execve is Node 22.15+/23.11+: on an older Node the server runs with V8's default.
const execve = (process as unknown as { execve?: Execve }).execve;
if (!cluster.isWorker && process.channel === undefined && !semiSpaceSet() && execve) {
  execve(
    process.execPath,
    [process.execPath, YOUNG_GENERATION_FLAG, ...process.execArgv, ...process.argv.slice(1)],
    process.env,
  );
}
