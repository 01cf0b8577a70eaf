import { defineConfig } from 'vitest/config';

// `npm run test:stress`: real server processes, faults and long property runs, one file at a time.
export default defineConfig({
  test: {
    name: 'stress',
    include: ['apps/server/stress/**/*.test.ts', 'apps/server/src/hostile-input.test.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
    env: { TEST_DB: 'embedded', FUZZ_RUNS: '150' },
  },
});
