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
 * Tests that open a database only to have a signed-in user or a stored document to aim at, and
 * check what happens before or around it: the HTTP layer (control characters refused with 400,
 * security headers, compression, static files, the OpenAPI document, route registration) and the
 * upload bombs (refused by the PDF check before anything is stored; the test checks that no row
 * and no blob was written). Their requests run one after another, write through the same SQL on
 * both, and nothing they check depends on what PostgreSQL does differently from PGlite
 * (connections in parallel, locks, isolation, the node-postgres driver's errors), so the
 * PostgreSQL run leaves them out too. A test here that starts checking what the database does
 * belongs in another folder or file.
 */
const SAME_ON_EVERY_DATABASE = ['src/http/**', 'src/routes/documents/hostile-uploads.test.ts'];

export default defineProject({
  test: {
    maxWorkers: MAX_WORKERS,
    name: 'server',
    execArgv: WORKER_EXEC_ARGV,
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: process.env.TEST_DATABASE_URL
      ? [...configDefaults.exclude, ...WITHOUT_DATABASE, ...SAME_ON_EVERY_DATABASE]
      : configDefaults.exclude,
    environment: 'node',
    globalSetup: ['src/testing/global-setup.ts'],
    // A fresh PGlite per test takes about a second on two cores.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
