import { defineProject } from 'vitest/config';

/**
 * Browser tests: the real built app (API + both front ends) in a child process on a free port, a
 * fresh data folder per file, Debian's Chromium driven by playwright-core. `npm test` builds first.
 */
export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file starts a server and a browser; two cores cannot run many at once.
    fileParallelism: false,
  },
});
