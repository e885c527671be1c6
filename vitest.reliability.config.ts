import { defineConfig } from 'vitest/config';

/**
 * The reliability suite (issue 13 point 9, `npm run test:reliability`): fuzzing from the OpenAPI
 * document, a load test, kill -9 during an ingest, a PostgreSQL restart under load, and two API
 * and two storefront processes sharing PostgreSQL and Redis (issue 12 point 7). Loopback
 * only; every file bounds its own loops in count and time. Files run one after another, since the
 * load tests need the machine's CPU to themselves.
 */
export default defineConfig({
  test: {
    include: ['reliability/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
  },
});
