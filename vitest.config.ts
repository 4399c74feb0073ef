import { defineConfig } from 'vitest/config';

const projects = ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'tests/vitest.config.*'];
// The PostgreSQL-only suites join when a server is given (see .ci/run and `pnpm test:pg`).
if (process.env.TEST_DATABASE_URL) projects.push('apps/api/vitest.pg.config.ts');

// Two test files at a time. Vitest's own default on a 2-core machine is one (cores − 1), which ran
// every file of every project in turn; an API test file spends most of its time waiting on its
// database, so another file (often a browser file, which the e2e project keeps to one at a time)
// uses the core meanwhile.
export default defineConfig({ test: { projects, maxWorkers: 2 } });
