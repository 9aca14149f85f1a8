/**
 * Entry of a PDF worker process (started by pool.ts with `fork`). Runs one job at a time, as
 * the pool sends them, and answers each with its result or a coded error. Exits when the pool
 * goes away (the IPC channel closes).
 */
import module from 'node:module';
import { AppError } from '../../errors.ts';
import { handlers, heldDocuments } from './handlers.ts';
import type { FromWorker, ToWorker, WireError } from './jobs.ts';

function toWire(e: unknown): WireError {
  if (e instanceof AppError) {
    return {
      code: e.code,
      status: e.status,
      message: e.message,
      ...(e.details !== undefined ? { details: e.details } : {}),
    };
  }
  // Never an internal message across the boundary: the pool logs the kind, the user gets a code.
  return { code: 'WORKER_FAILED', status: 500, message: 'The document could not be processed.' };
}

// Caches compiled code between worker starts (a no-op where unsupported).
module.enableCompileCache?.();

// A pool that went away between a job and its answer closed the channel: nothing to answer to.
const send = (message: FromWorker) =>
  process.send?.(message, (e: Error | null) => {
    if (e) process.exit(0);
  });

process.on('message', (message: ToWorker) => {
  const handler = handlers[message.kind] as (input: unknown) => Promise<unknown>;
  const run = handler ? handler(message.input) : Promise.reject(new Error('unknown job kind'));
  run.then(
    (output) => send({ id: message.id, ok: true, output, cached: heldDocuments() }),
    (e: unknown) => {
      if (!(e instanceof AppError)) {
        process.stderr.write(
          `pdf worker: ${message.kind} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
        );
      }
      send({ id: message.id, ok: false, error: toWire(e), cached: heldDocuments() });
    },
  );
});

process.on('disconnect', () => process.exit(0));
send({ ready: true });
