import { defineConfig } from 'vitest/config';
import { MAX_WORKERS, WORKER_EXEC_ARGV } from '../vitest.workers.ts';

export default defineConfig({
  test: {
    maxWorkers: MAX_WORKERS,
    execArgv: WORKER_EXEC_ARGV,
    name: 'site',
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
  },
});
