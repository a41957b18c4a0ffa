import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { chakraThemeAlias } from './vite.config';

const apiProject = (name: string, env: Record<string, string>): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env,
  },
});

// The API suite runs on the embedded PGlite always, and a second time on a PostgreSQL server when
// TEST_DATABASE_URL names one. The machines are pure; route components render in jsdom.
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      ...(postgresUrl
        ? [
            apiProject('api', { TEST_DATABASE_URL: postgresUrl }),
            apiProject('api-pglite', { TEST_DATABASE_URL: '' }),
          ]
        : [apiProject('api', {})]),
      {
        // The fault suite (`npm run test:faults`): the server's promises under races, several processes
        // and stalled dependencies — real server processes, a private redis-server it may freeze
        // (tests/support/redis.ts) and the PostgreSQL of TEST_DATABASE_URL. One file at a time: each
        // measures latencies and counts that a neighbour's load would blur.
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'machines',
          include: ['tests/machines/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Property walks: random event sequences with the spec's oracles (tests/property), and the
        // committed regression paths. Bounded here; `npm run test:property:long` runs more.
        test: {
          name: 'property',
          include: ['tests/property/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Model-based tests: every path of every statechart, with measured transition coverage.
        test: {
          name: 'model',
          include: ['tests/model/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The SPA imports single Chakra theme modules through this alias (see vite.config.ts).
        resolve: { alias: chakraThemeAlias },
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          exclude: ['tests/ui/walks/**'],
          environment: 'jsdom',
          setupFiles: ['tests/ui/setup.ts'],
          // Each file starts the real API server (tests/ui/api-process.ts); keep the files apart.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // UI walks: the model paths driven through the real route components (tests/ui/walks/runner.ts),
        // one real API server per file; they report UI-level transition coverage.
        resolve: { alias: chakraThemeAlias },
        test: {
          name: 'ui-walk',
          include: ['tests/ui/walks/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/ui/setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The built app copied with production dependencies only, started as a deployment starts it
        // (tests/deploy): builds dist/ if it is missing or stale, then `npm ci --omit=dev` in a copy.
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        // Issue 8's JavaScript budget of /login: builds the SPA into a temporary folder (tests/budget).
        test: {
          name: 'budget',
          include: ['tests/budget/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
