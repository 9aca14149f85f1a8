import { defineConfig } from 'vitest/config';
import { MAX_WORKERS } from './vitest.workers.ts';

export default defineConfig({
  test: {
    projects: ['shared', 'server', 'locales', 'site', 'admin'],
    maxWorkers: MAX_WORKERS,
  },
});
