import { configDefaults, defineProject } from 'vitest/config';
import { MAX_WORKERS, WORKER_EXEC_ARGV } from '../vitest.workers.ts';

/**
 * Tests that never open a database. With `TEST_DATABASE_URL` (the PostgreSQL run of `npm test`)
 * they would only repeat what the PGlite run already checked, so that run leaves them out. A test
 * here that starts using a database belongs in another folder.
 */
const WITHOUT_DATABASE = [
  'src/crypto/**',
  'src/pdf/**',
  'src/security/**',
  'src/storage/**',
  'src/zip/**',
  'src/mail/templates/**',
  'src/providers/sms/**',
  'src/config.test.ts',
  'src/errors.test.ts',
];

export default defineProject({
  test: {
    maxWorkers: MAX_WORKERS,
    name: 'server',
    execArgv: WORKER_EXEC_ARGV,
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: process.env.TEST_DATABASE_URL
      ? [...configDefaults.exclude, ...WITHOUT_DATABASE]
      : configDefaults.exclude,
    environment: 'node',
    globalSetup: ['src/testing/global-setup.ts'],
    // A fresh PGlite per test takes about a second on two cores.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
