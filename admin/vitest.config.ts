import { defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../vitest.workers.ts';

// Only the pure rules are unit-tested here; the screens are covered by e2e/.
export default defineProject({
  test: {
    maxWorkers: MAX_WORKERS,
    name: 'admin',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
