import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test projects: `unit` (pure code), `api` (the real app on PGlite), `api-postgres` (the same
 * suites on PostgreSQL, only when DATABASE_URL is set) and `web` (storefront units, no Vite plugins).
 */
const apiSuites = ['apps/api/src/**/*.api.test.ts', 'apps/server/src/**/*.api.test.ts', 'packages/**/*.api.test.ts'];

/**
 * With PostgreSQL at hand (CI), the modules' rules run once, on PostgreSQL, and the embedded
 * database keeps what is its own: the composed shop on its defaults, the database layer, the
 * platform (decision 0076). Without it every suite runs on PGlite. The browser journeys run on PGlite either way.
 */
const moduleSuites = ['apps/api/src/modules/**/*.api.test.ts'];
const withPostgres = Boolean(process.env.DATABASE_URL);

/**
 * API suites share each worker's loaded modules (the whole API, about 1.5 s to import) instead of
 * loading them again for every file: a third less time. Each file still has its own database and
 * its own app, so nothing a file writes is seen by another.
 */
const sharedModules = { isolate: false };

export default defineConfig({
  test: {
    // Every core: vitest's default leaves one idle, and on a 2-core CI machine that is half of it.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          // Some units do a lot (every product drawing, a property test's thousand cases): vitest's 5 s is too short on a busy machine.
          testTimeout: 30_000,
          include: ['packages/**/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'tooling/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [...apiSuites, '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          include: apiSuites,
          exclude: [...(withPostgres ? moduleSuites : []), '**/node_modules/**'],
          ...sharedModules,
          globalSetup: ['apps/api/src/testing/global-setup.ts'],
          env: { TEST_DATABASE: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiSuites,
                ...sharedModules,
                // Each file's database is a copy of one made once (global-setup-postgres.ts), not migrated and seeded afresh.
                globalSetup: ['apps/api/src/testing/global-setup-postgres.ts'],
                env: { TEST_DATABASE: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        esbuild: { jsx: 'automatic' as const },
        test: { name: 'web', include: ['apps/web/app/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000 },
      },
    ],
  },
});
