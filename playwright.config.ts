import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './tests/e2e/chromium.ts';
import { E2E } from './tests/e2e/env.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'test-results/e2e-report' }]],
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
    command: 'npx vite build --logLevel warn && npx tsx tests/e2e/serve.ts',
    url: `${E2E.baseURL}/api/v1/utils/health-check/`,
    reuseExistingServer: false,
    timeout: 360_000, // the build takes ~60 s alone, several times that on a machine busy with other runs
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
