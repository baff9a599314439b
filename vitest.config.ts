import { defineConfig } from 'vitest/config';

/**
 * Test projects: `unit` (pure code), `api` (the real app on PGlite), `api-postgres` (the same
 * suites on PostgreSQL, only when DATABASE_URL is set) and `web` (storefront units, no Vite plugins).
 */
const apiSuites = ['apps/api/src/**/*.api.test.ts', 'apps/server/src/**/*.api.test.ts', 'packages/**/*.api.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'tooling/**/*.test.ts'],
          exclude: [...apiSuites, '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          include: apiSuites,
          globalSetup: ['apps/api/src/testing/global-setup.ts'],
          env: { TEST_DATABASE: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiSuites,
                env: { TEST_DATABASE: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        esbuild: { jsx: 'automatic' as const },
        test: { name: 'web', include: ['apps/web/app/**/*.test.{ts,tsx}'], environment: 'node' },
      },
    ],
  },
});
