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
    // The built server is started once to make a migrated data folder each test's server copies.
    globalSetup: ['support/server-template.ts'],
    // Generous: on a loaded 2-core machine a page load can take tens of seconds. Tests wait for the
    // page's own heading or data, so a generous limit costs nothing when the machine is quiet.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each file starts a server and a browser; two cores cannot run many at once.
    fileParallelism: false,
  },
});
