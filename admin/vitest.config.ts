import { defineProject } from 'vitest/config';
import { MAX_WORKERS, WORKER_EXEC_ARGV } from '../vitest.workers.ts';

// Only the pure rules are unit-tested here; the screens are covered by e2e/.
export default defineProject({
  test: {
    maxWorkers: MAX_WORKERS,
    execArgv: WORKER_EXEC_ARGV,
    name: 'admin',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
