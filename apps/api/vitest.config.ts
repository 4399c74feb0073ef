import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    // Concurrency suites that need a real PostgreSQL server live in *.pg.test.ts (project api-pg).
    exclude: ['test/**/*.pg.test.ts', '**/node_modules/**'],
    // One migrated database per run; each test's database starts as a copy of it.
    globalSetup: ['test/support/template-database.ts'],
    // Generous: a CI machine may have two busy cores (a PGlite folder opened twice took 31 s at load 15).
    // Speed is measured by `pnpm bench`, never by a timeout here.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
