import { defineConfig } from 'vitest/config';
import { MAX_WORKERS } from '../vitest.workers.ts';

export default defineConfig({
  test: {
    maxWorkers: MAX_WORKERS,
    name: 'site',
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
  },
});
