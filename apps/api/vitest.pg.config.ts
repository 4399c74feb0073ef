import { defineProject } from 'vitest/config';

/** Suites that only mean something on PostgreSQL (row locks, LISTEN/NOTIFY across processes). */
export default defineProject({
  test: {
    name: 'api-pg',
    include: ['test/**/*.pg.test.ts'],
    // One migrated database per run; each test's database starts as a copy of it.
    globalSetup: ['test/support/template-database.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
