import { defineProject } from 'vitest/config';
import { MAX_WORKERS, WORKER_EXEC_ARGV } from '../vitest.workers.ts';

export default defineProject({
  test: {
    maxWorkers: MAX_WORKERS,
    execArgv: WORKER_EXEC_ARGV,
    name: 'shared',
    include: ['src/**/*.test.ts'],
  },
});
