/**
 * `npm run loop` (docs/inner-loop.md): after an edit, stopping at the first failure, the incremental
 * type check, Biome on the changed files, and the machines, model and property tests that import a
 * changed file, walking only the machines the change can affect (tests/model/changed-walks.ts).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { changedWalks } from '../tests/model/changed-walks';

const root = path.join(import.meta.dirname, '..');
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
const changed = [
  ...git('diff', '-z', '--name-only', '--diff-filter=d', 'HEAD'),
  ...git('ls-files', '-z', '--others', '--exclude-standard'),
];

function step(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const { status } = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (status !== 0) process.exit(status ?? 1);
}

step('tsc', [
  '--noEmit',
  '-p',
  '.',
  '--incremental',
  '--tsBuildInfoFile',
  'node_modules/.cache/loop.tsbuildinfo',
]);
if (changed.length > 0) {
  step('biome', ['check', '--no-errors-on-unmatched', '--files-ignore-unknown=true', ...changed]);
}
const walks = changedWalks(root)(changed);
console.log(`loop: the walks of ${walks === undefined ? 'every machine' : walks.join(', ') || 'no machine'}`);
step(
  'vitest',
  ['run', '--changed', '--passWithNoTests', '--experimental.fsModuleCache'].concat(
    ['machines', 'model', 'property'].flatMap((project) => ['--project', project]),
  ),
  {
    PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? '25',
    ...(walks?.length ? { WALK_MACHINES: walks.join(',') } : {}),
  },
);
