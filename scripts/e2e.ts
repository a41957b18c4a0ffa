// Runs the Playwright suite when a Chromium is installed, else skips (fails in CI). With no arguments:
// the journeys, then the timed project alone (playwright.config.ts says why).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM as chromium } from '../tests/e2e/chromium.ts';

if (!existsSync(chromium)) {
  const message = `e2e: no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (process.env.CI) {
    console.error(`${message}: failing because CI=true`);
    process.exit(1);
  }
  console.warn(`${message}: SKIPPED the end-to-end suite`);
  process.exit(0);
}
const playwright = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync('npx', ['playwright', 'test', ...args], { stdio: 'inherit', env }).status ?? 1;

const args = process.argv.slice(2);
if (args.length > 0) process.exit(playwright(args));
const journeys = playwright(['--project=journeys']);
const timed = playwright(['--project=timed', '--workers=1'], { ...process.env, E2E_BUILT: '1' });
process.exit(journeys || timed);
