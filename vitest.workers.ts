import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * Test files run side by side, per project (a project's own config decides; the root's
 * `maxWorkers` does not reach the projects). Vitest's default leaves a core to itself, which on
 * two cores ran every file one after the other; the files spend their time in PGlite, PDF work
 * and child processes, not in vitest's own process.
 */
export const MAX_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * Node options of every test worker (each project's `execArgv`): the resolve hook that spares
 * each test file Node's repeated package.json parsing (see vitest.esm-resolve.ts).
 */
export const WORKER_EXEC_ARGV = [
  '--import',
  fileURLToPath(new URL('./vitest.esm-resolve.ts', import.meta.url)),
];
