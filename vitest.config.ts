import { defineConfig } from 'vitest/config';

// Three projects: the API against a real server, the machines (pure), and route components in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
        extends: './vite.config.ts',
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'jsdom',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
