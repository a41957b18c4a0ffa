// Runs the Playwright suite when a Chromium is installed. Without one it says so and skips — except in
// CI, where a missing browser is a failure (.ci/run installs Debian's chromium first).
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
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
