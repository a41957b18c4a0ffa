// Development: the API with reload on :8000 and Vite's dev server (which proxies /api to it) on :5173.
import { type ChildProcess, spawn } from 'node:child_process';

const children: ChildProcess[] = [];
const env = { ...process.env, FRONTEND_HOST: process.env.FRONTEND_HOST ?? 'http://localhost:5173' };

function run(name: string, args: string[]) {
  const child = spawn('npx', args, { stdio: 'inherit', env });
  child.on('exit', (code) => {
    console.log(`[dev] ${name} exited with ${code}`);
    for (const other of children) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
}

run('api', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts']);
run('web', ['vite', '--port', '5173', '--strictPort']);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
