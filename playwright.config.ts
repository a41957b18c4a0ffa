import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './tests/e2e/chromium.ts';
import { E2E } from './tests/e2e/env.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // On CI's two cores a journey waits on two Chromiums, the server and axe at once: a retry tells a
  // stall from a fault (the report names every test that passed only on its retry as flaky).
  retries: process.env.CI ? 1 : 0,
  timeout: process.env.CI ? 90_000 : 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'test-results/e2e-report' }]],
  // The tabs' 1 s promise is timed inside the browser: it runs as a project of its own, after the
  // others, one test at a time (scripts/e2e.ts), so that no neighbour's load is part of what it measures.
  projects: [
    { name: 'journeys', testIgnore: /tabs\.spec\.ts$/ },
    { name: 'timed', testMatch: /tabs\.spec\.ts$/, fullyParallel: false, retries: 0 },
  ],
  use: {
    baseURL: E2E.baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  webServer: {
    // E2E_BUILT: dist/ is the build of this tree already (scripts/e2e.ts's second run).
    command: `${process.env.E2E_BUILT ? '' : 'npx vite build --logLevel warn && '}npx tsx tests/e2e/serve.ts`,
    url: `${E2E.baseURL}/api/v1/utils/health-check/`,
    reuseExistingServer: false,
    timeout: 360_000, // the build takes ~60 s alone, several times that on a machine busy with other runs
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
