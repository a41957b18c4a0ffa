// Development: the API with reload on $PORT and Vite on $DEV_WEB_PORT, proxying /api and /docs to it (or to
// $API_PROXY_TARGET). Each child has a process group of its own, so a signal stops the whole tree.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'dotenv';
import { expandDotenv } from '../server/dotenv.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

const dotenvFile = path.join(process.cwd(), '.env');
const fromDotenv = existsSync(dotenvFile) ? expandDotenv(parse(readFileSync(dotenvFile)), process.env) : {};

/** A setting as the server will read it: the environment, else .env (expanded), else the default. */
function setting(name: string, fallback: string): string {
  return process.env[name] || fromDotenv[name] || fallback;
}

const apiHost = setting('HOST', 'localhost');
const apiPort = setting('PORT', '8000');
const webPort = setting('DEV_WEB_PORT', '5173');
const connectHost = ['0.0.0.0', '::', ''].includes(apiHost) ? 'localhost' : apiHost;
const proxyTarget = setting(
  'API_PROXY_TARGET',
  `http://${connectHost.includes(':') ? `[${connectHost}]` : connectHost}:${apiPort}`,
);
const env = {
  ...process.env,
  FRONTEND_HOST: setting('FRONTEND_HOST', `http://localhost:${webPort}`),
  API_PROXY_TARGET: proxyTarget,
};

const children: ChildProcess[] = [];
let stopping = false;

function stop(signal: NodeJS.Signals, exitCode: number) {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  for (const child of children) signalGroup(child, signal);
  setTimeout(() => {
    for (const child of children) signalGroup(child, 'SIGKILL');
    process.exit();
  }, 5_000).unref();
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

function run(name: string, command: string, args: string[]) {
  const child = spawn(command, args, { stdio: 'inherit', env, detached: true });
  children.push(child);
  child.on('exit', (code, signal) => {
    // The group may outlive its leader (the server tsx restarts): make sure it goes too.
    signalGroup(child, 'SIGTERM');
    if (!stopping) {
      console.log(`[dev] ${name} exited (${signal ?? code}); stopping the others`);
      stop('SIGTERM', code ?? 1);
    }
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit();
  });
}

console.log(
  `[dev] API on http://${apiHost}:${apiPort}; web on http://localhost:${webPort} (proxies /api to ${proxyTarget})`,
);
run('api', bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts']);
run('web', bin('vite'), ['--port', webPort, '--strictPort']);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => stop(signal, 0));
}
// `npm run dev` execs this script (package.json), so npm's signals reach it; should npm itself be killed
// (SIGKILL), this process is re-parented: the tree stops then too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM', 1);
}, 1_000).unref();
