import { defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../vitest.workers.ts';

export default defineProject({
  test: {
    maxWorkers: MAX_WORKERS,
    name: 'locales',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
  },
});
