import { defineProject } from 'vitest/config';
import { MAX_WORKERS, WORKER_EXEC_ARGV } from '../vitest.workers.ts';

export default defineProject({
  test: {
    maxWorkers: MAX_WORKERS,
    execArgv: WORKER_EXEC_ARGV,
    name: 'locales',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
  },
});
