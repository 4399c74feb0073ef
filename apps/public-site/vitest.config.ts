import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'public-site', include: ['test/**/*.test.ts'] } });
