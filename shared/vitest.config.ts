import { defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../vitest.workers.ts';

export default defineProject({
  test: {
    maxWorkers: MAX_WORKERS,
    name: 'shared',
    include: ['src/**/*.test.ts'],
  },
});
