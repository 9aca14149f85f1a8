import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['shared', 'server', 'locales', 'site', 'admin'],
    // Vitest leaves a core to itself by default: on two cores that ran every file one after the
    // other. The files spend their time in PGlite, pdf work and child processes, not in vitest.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
