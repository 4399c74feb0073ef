import { defineConfig } from 'vitest/config';

const projects = ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'tests/vitest.config.*'];
// The PostgreSQL-only suites join when a server is given (see .ci/run and `pnpm test:pg`).
if (process.env.TEST_DATABASE_URL) projects.push('apps/api/vitest.pg.config.ts');

export default defineConfig({ test: { projects } });
