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
 * Node options of every test worker (each project's `execArgv`):
 * - the resolve hook that spares each test file Node's repeated package.json parsing (see
 *   vitest.esm-resolve.ts);
 * - `--no-wasm-tier-up`: WebAssembly (PGlite above all) runs as V8's baseline compiler (Liftoff)
 *   makes it and is not recompiled by the optimising one. A test worker lives for one file, a
 *   few seconds: optimising PGlite's hottest functions (the executor, the parser) cost more CPU
 *   than the file's queries won back. CPU of one file, measured in pairs on a loaded machine
 *   (load 12–22): list colours 26.2/21.2 s → 20.8/18.8 s with this flag (17.4/18.8 s with
 *   `--liftoff-only`, the same in effect but without the fallback when Liftoff cannot compile
 *   a function); with `--liftoff-only`, signature placement 23.8 → 20.0 s and the query-heavy
 *   preview invoices 20.3 → 20.1 s. The server itself keeps V8's defaults.
 */
export const WORKER_EXEC_ARGV = [
  '--import',
  fileURLToPath(new URL('./vitest.esm-resolve.ts', import.meta.url)),
  '--no-wasm-tier-up',
];
