import { defineConfig } from 'vitest/config';

/** Unit and integration tests (PGlite in-process; PostgreSQL too when TEST_DATABASE_URL is set). */
export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
