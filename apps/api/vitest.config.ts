import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    // Concurrency suites that need a real PostgreSQL server live in *.pg.test.ts (project api-pg).
    exclude: ['test/**/*.pg.test.ts', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
