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

/**
 * Tests that measure the whole process (its resident memory): with the other files in threads
 * of one process they would measure those too, so they run in a process of their own (the
 * `server-own-process` project, `vitest.own-process.config.ts`).
 */
export const OWN_PROCESS = ['src/routes/documents/hostile-uploads.test.ts'];

const excluded = process.env.TEST_DATABASE_URL
  ? [...configDefaults.exclude, ...WITHOUT_DATABASE]
  : configDefaults.exclude;

/** What both server projects share. */
export const serverTest = {
  maxWorkers: MAX_WORKERS,
  execArgv: WORKER_EXEC_ARGV,
  exclude: excluded,
  environment: 'node' as const,
  globalSetup: ['src/testing/global-setup.ts'],
  // A fresh PGlite per test takes about a second on two cores.
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineProject({
  test: {
    ...serverTest,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...excluded, ...OWN_PROCESS],
    // Worker threads, not a process per file: a file's start costs less (measured: −17 % CPU
    // on six route files). Tests must not depend on being alone in their process.
    pool: 'threads',
  },
});
