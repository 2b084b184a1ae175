import { defineConfig } from 'vitest/config';

/**
 * One runner for every level: `npm test` runs them all. `api` runs on PGlite and, when DATABASE_URL is set,
 * again on PostgreSQL. End-to-end tests run last, alone, so the browser does not compete with the API suites.
 */
const usePostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    reporters: ['default', './scripts/tally-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: ['apps/server/src/**/*.api.test.ts'],
          env: { TEST_DATABASE: 'pglite' },
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(usePostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: ['apps/server/src/**/*.api.test.ts'],
                env: { TEST_DATABASE: 'postgres' },
                globalSetup: ['apps/server/src/test/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
