import os from 'node:os';
import { defineConfig } from 'vitest/config';

// API tests run against the embedded PGlite and, when TEST_DATABASE_URL is set, a PostgreSQL server too.
const serverTests = ['apps/server/**/*.test.ts'];
// The long fault and durability runs have their own command (vitest.stress.config.ts).
const notHere = ['**/node_modules/**', 'apps/server/stress/**'];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, so one on a 2-core machine; the API tests wait on
    // the database server and on hashing as much as they compute, and two workers there finish far sooner.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/**/*.test.ts'] } },
      // Browser code that runs without a browser: pure logic, and components rendered to a string.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          exclude: notHere,
          env: { TEST_DB: 'embedded' },
          globalSetup: ['apps/server/test/pglite-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                exclude: [...notHere, 'apps/server/**/*.unit.test.ts'],
                env: { TEST_DB: 'postgres' },
                globalSetup: ['apps/server/test/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
