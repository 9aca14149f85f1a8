import { availableParallelism } from 'node:os';

/**
 * Test files run side by side, per project (a project's own config decides; the root's
 * `maxWorkers` does not reach the projects). Vitest's default leaves a core to itself, which on
 * two cores ran every file one after the other; the files spend their time in PGlite, PDF work
 * and child processes, not in vitest's own process.
 */
export const MAX_WORKERS = Math.max(2, availableParallelism() - 1);
