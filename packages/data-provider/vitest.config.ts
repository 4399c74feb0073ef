import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'data-provider', include: ['test/**/*.test.ts'] } });
