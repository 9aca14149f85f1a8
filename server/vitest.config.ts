import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/testing/global-setup.ts'],
    // A fresh PGlite per test takes about a second on two cores.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
