/**
 * `npm run loop` (docs/inner-loop.md): Biome on the changed files, then side by side the incremental type
 * check and the tests that import a changed file, walking only the machines it can affect.
 */
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { changedWalks } from '../tests/model/changed-walks';

const root = path.join(import.meta.dirname, '..');
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
const changed = [
  ...git('diff', '-z', '--name-only', '--diff-filter=d', 'HEAD'),
  ...git('ls-files', '-z', '--others', '--exclude-standard'),
];

/** Runs a command; `quiet` keeps its output for later (the type check's errors after the tests'). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, quiet = false) {
  return new Promise<{ ok: boolean; output: string }>((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (status) => resolve({ ok: status === 0, output }));
  });
}

const biome = ['check', '--no-errors-on-unmatched', '--files-ignore-unknown=true', ...changed];
if (changed.length > 0 && !(await run('biome', biome)).ok) process.exit(1);
const walks = changedWalks(root)(changed);
console.log(`loop: the walks of ${walks === undefined ? 'every machine' : walks.join(', ') || 'no machine'}`);
const [types, tests] = await Promise.all([
  run(
    'tsc',
    ['--noEmit', '-p', '.', '--incremental', '--tsBuildInfoFile', 'node_modules/.cache/loop.tsbuildinfo'],
    {},
    true,
  ),
  run(
    'vitest',
    // --no-isolate: the files share one module graph per worker, so the registry of every machine
    // (~0.5 s of import a file, ~15 files) is imported once, not per file. `npm test` and CI keep each
    // file isolated; these three projects pass either way (docs/inner-loop.md).
    ['run', '--changed', '--passWithNoTests', '--experimental.fsModuleCache', '--no-isolate'].concat(
      ...['machines', 'model', 'property'].map((project) => ['--project', project]),
    ),
    {
      PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? '25',
      ...(walks?.length ? { WALK_MACHINES: walks.join(',') } : {}),
    },
  ),
]);
process.stdout.write(types.output);
console.log(`loop: types ${types.ok ? 'pass' : 'FAIL'}, tests ${tests.ok ? 'pass' : 'FAIL'}`);
process.exitCode = types.ok && tests.ok ? 0 : 1;
