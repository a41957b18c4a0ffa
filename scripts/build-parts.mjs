// What `npm run build` makes (dist/web/, dist/server/) and from what; plain JavaScript, since `npm start`
// runs it where only production dependencies are installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(ROOT, 'dist');

/** Each part: its sources, the file that means it is built, and how to build it (sources' hash in dist/). */
export const PARTS = {
  web: {
    sources: ['src', 'openapi', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'],
    output: path.join(DIST, 'web', 'index.html'),
    tool: 'vite',
    expect: 'the SPA, once: about half a minute',
    build: buildWeb,
  },
  server: {
    sources: ['server', 'openapi', 'tsconfig.json', 'tsconfig.server.json', 'package-lock.json'],
    output: path.join(DIST, 'server', 'main.js'),
    tool: 'typescript',
    expect: 'the server: about 15 s',
    build: buildServer,
  },
};

const stampFile = (name) => path.join(DIST, `.${name}-sources`);

function listFiles(relative, into) {
  const full = path.join(ROOT, relative);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const entry of readdirSync(full).sort()) listFiles(path.join(relative, entry), into);
  } else if (!/\.gen\.ts$/.test(relative)) {
    // Generated files (src/routeTree.gen.ts) are rewritten by the build itself.
    into.push(relative);
  }
}

/** The hash of a part's sources, or undefined in a copy without them (a deployment of dist/). */
export function sourcesHash(name) {
  const files = [];
  for (const source of PARTS[name].sources) {
    if (source !== 'package-lock.json') listFiles(source, files);
  }
  if (files.length === 0) return undefined;
  listFiles('package-lock.json', files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** `missing` (never built), `stale` (built from other sources), or `fresh`. */
export function partState(name) {
  if (!existsSync(PARTS[name].output)) return 'missing';
  const current = sourcesHash(name);
  if (current === undefined) return 'fresh';
  const built = existsSync(stampFile(name)) ? readFileSync(stampFile(name), 'utf8').trim() : '';
  return built === current ? 'fresh' : 'stale';
}

/** Whether the build tools (dev dependencies) are installed. */
export function canBuild(name) {
  try {
    createRequire(path.join(ROOT, 'package.json')).resolve(`${PARTS[name].tool}/package.json`);
    return true;
  } catch {
    return false;
  }
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.signal ?? `exit ${result.status}`})`);
  }
}

function bin(name) {
  return path.join(ROOT, 'node_modules', '.bin', name);
}

function buildWeb({ quick }) {
  // NODE_ENV from the caller's shell would make Vite ship React's development build. A quick build (a local
  // `npm start`) precompresses cheaply and prints warnings only.
  const args = quick ? ['build', '--logLevel', 'warn'] : ['build'];
  run(bin('vite'), args, { ...process.env, NODE_ENV: 'production', PRECOMPRESS: quick ? 'fast' : 'full' });
}

function buildServer() {
  const out = path.join(DIST, 'server');
  rmSync(out, { recursive: true, force: true });
  run(bin('tsc'), ['-p', 'tsconfig.server.json']);
  // What the compiled server reads at run time, beside it (server/paths.ts, server/db/migrate.ts).
  cpSync(path.join(ROOT, 'server', 'db', 'migrations'), path.join(out, 'db', 'migrations'), {
    recursive: true,
  });
  cpSync(path.join(ROOT, 'openapi', 'openapi.json'), path.join(out, 'openapi.json'));
}

/** Builds the named parts and records what each was built from; `quick` for a local start. */
export function build(names, { quick = false } = {}) {
  mkdirSync(DIST, { recursive: true });
  for (const name of names) {
    const started = Date.now();
    const hash = sourcesHash(name);
    process.stdout.write(`build: ${name} …${quick ? ` (${PARTS[name].expect})` : ''}\n`);
    PARTS[name].build({ quick });
    if (hash !== undefined) writeFileSync(stampFile(name), `${hash}\n`);
    process.stdout.write(`build: ${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
}
