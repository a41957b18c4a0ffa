// `npm start` (serve), `npm run db:migrate` (migrate), `npm run admin -- …`: builds what is stale in dist/
// (nothing in a deployment copy), then runs the compiled server in this process, so signals reach it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, canBuild, DIST, partState } from './build-parts.mjs';

const COMMANDS = {
  serve: { parts: ['web', 'server'], entry: 'main.js' },
  migrate: { parts: ['server'], entry: 'migrate.js' },
  admin: { parts: ['server'], entry: 'admin-cli.js' },
  build: { parts: ['web', 'server'], entry: undefined },
};

const command = process.argv[2] ?? 'serve';
const plan = COMMANDS[command];
if (!plan) {
  process.stderr.write(
    `start: unknown command "${command}"; commands: ${Object.keys(COMMANDS).join(', ')}\n`,
  );
  process.exit(2);
}

const toBuild = [];
for (const part of plan.parts) {
  const state = partState(part);
  if (state === 'fresh') continue;
  if (canBuild(part)) {
    toBuild.push(part);
  } else if (state === 'stale') {
    process.stderr.write(
      `start: dist/ has a ${part} built from other sources and the build tools are not installed ` +
        '(production dependencies only): running what is built. Run `npm run build` where `npm ci` installed everything.\n',
    );
  } else {
    process.stderr.write(
      `start: dist/ has no ${part} build and the build tools are not installed (production dependencies only). ` +
        'Run `npm ci` and `npm run build` first, or copy a built dist/ here.\n',
    );
    process.exit(1);
  }
}
if (toBuild.length > 0) {
  try {
    build(toBuild, { quick: command !== 'build' });
  } catch (error) {
    process.stderr.write(`start: build failed: ${error.message}\n`);
    process.exit(1);
  }
}
// The entry sees its own arguments where `node dist/server/<entry>.js …` would put them.
process.argv.splice(2, 1);
if (plan.entry) await import(pathToFileURL(path.join(DIST, 'server', plan.entry)).href);
