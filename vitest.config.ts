import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { catalogParts } from './apps/web/src/locales/catalog-parts-plugin.ts';

/**
 * Every Node.js process of the run (the test workers and the portals, demo hardware, gateways and simulators they
 * start) keeps what it compiled in one cache: Node.js stores each module's type-stripped source and its compiled
 * code there, keyed by the module's content, so a later process skips that work. The end-to-end files alone start
 * about forty portals, each loading the same server modules (docs/benchmarks.md, "The test suite's time").
 */
process.env.NODE_COMPILE_CACHE ??= path.join(tmpdir(), 'portal-tests-compile-cache');

/**
 * One runner for every level: `npm test` runs them all. `api` runs on PGlite and, when DATABASE_URL is set,
 * again on PostgreSQL. Integration tests (real portal, gateways and simulators over loopback) run next, on their
 * own, and end-to-end tests last, apart from both, so that no suite competes with the browsers for the CPU.
 */
const usePostgres = Boolean(process.env.DATABASE_URL);

/**
 * Unit and API files share a group: two workers, whatever the machine (vitest's default is one fewer than its
 * cores, a single worker on the 2-core CI machine). API files wait on PostgreSQL's own process or compute in
 * PGlite, so two keep both cores busy.
 */
const FIRST_GROUP_WORKERS = 2;

/** The server's API tests, and the check that the web app's API types match the routes (scripts/). */
const API_TESTS = ['apps/server/src/**/*.api.test.ts', 'scripts/**/*.api.test.ts'];

/** `vi.waitFor` waits as long as `expect.poll` does (test-kit/patient-waits.ts). */
const PATIENT_WAITS = ['test-kit/patient-waits.ts'];

/**
 * Guards against a hung test, not measures of speed (bench/ measures that): an API file's app, database copy and
 * password hashes take seconds on a quiet machine and many times that on one busy with other work.
 */
const API_TIMEOUTS = { testTimeout: 120_000, hookTimeout: 180_000 };

export default defineConfig({
  test: {
    reporters: ['default', './scripts/tally-reporter.ts'],
    projects: [
      {
        // The web app's catalogs load as the parts its Vite plugin serves (lib/i18n.ts).
        plugins: [catalogParts()],
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            // Components, rendered in happy-dom (a file asks for it in its first line) with Testing Library.
            'apps/*/src/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'test-kit/**/*.test.ts',
          ],
          // Browser tests need Chromium: they run with the end-to-end tests, so that these need only Node.js.
          exclude: ['**/*.api.test.ts', '**/*.browser.test.ts', '**/node_modules/**'],
          environment: 'node',
          setupFiles: PATIENT_WAITS,
          // A guard against a hung test: vitest's 5 s default is overrun by a busy machine, not by a slow test.
          testTimeout: 30_000,
          maxWorkers: FIRST_GROUP_WORKERS,
          // Files share their worker's loaded modules (each import once per worker, not once per file): tests
          // replace a function with vi.spyOn, restored when the file ends, never with vi.mock, which would leak.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: API_TESTS,
          isolate: false,
          maxWorkers: FIRST_GROUP_WORKERS,
          env: { TEST_DATABASE: 'pglite' },
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          setupFiles: PATIENT_WAITS,
          ...API_TIMEOUTS,
        },
      },
      ...(usePostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: API_TESTS,
                isolate: false,
                maxWorkers: FIRST_GROUP_WORKERS,
                env: { TEST_DATABASE: 'postgres' },
                globalSetup: ['apps/server/src/test/global-setup.ts'],
                setupFiles: PATIENT_WAITS,
                ...API_TIMEOUTS,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'integration',
          include: ['integration/**/*.int.test.ts'],
          globalSetup: ['integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Most of these files wait on timers (heartbeats, back-offs, time-outs) rather than compute.
          maxWorkers: 3,
          // What a test waits for happens across processes: 1 s (vitest's default) is too short on a busy machine,
          // for `expect.poll` and `vi.waitFor` alike (a webcam's first frames, an upload reaching the board).
          expect: { poll: { timeout: 10_000 } },
          setupFiles: PATIENT_WAITS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts', 'packages/*/src/**/*.browser.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // A guard against a hung journey, not a measure of speed (bench/ measures that): the longest journeys
          // take 30 s on a quiet machine and twice that on a busy CI machine.
          testTimeout: 180_000,
          // What a page shows comes after a server's and a board's answers: 1 s is too short on a busy machine.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 180_000,
          // Two files at a time, each with its own portal and Chromium: the two cores of the CI machine are busy
          // without either file's waits (timers, a board's answers) holding the other up; 8 minutes, not 14.
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
