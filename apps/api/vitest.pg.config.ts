import { defineProject } from 'vitest/config';

/** Suites that only mean something on PostgreSQL (row locks, LISTEN/NOTIFY across processes). */
export default defineProject({
  test: {
    name: 'api-pg',
    include: ['test/**/*.pg.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
