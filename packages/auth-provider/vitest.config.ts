import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'auth-provider', include: ['test/**/*.test.ts'] } });
