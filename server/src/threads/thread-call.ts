import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * A function that runs in a worker thread: one lazily started thread per function, jobs sent
 * as messages and answered in order of completion. The thread does not keep the process alive
 * while idle. A job over `timeoutMs` (or a thread that dies, e.g. over its memory limit) ends
 * the thread and fails every job it held; the next call starts a fresh one.
 *
 * The worker module answers `{ id, result }` or `{ id, error: { message, code? } }` for each
 * `{ id, input }` it receives (see {@link serveThreadCalls}).
 */
export type ThreadCallOptions = {
  resourceLimits?: ResourceLimits;
  timeoutMs?: number;
};

type Reply<O> = { id: number; result?: O; error?: { message: string; code?: string } };
type Pending<O> = {
  resolve: (o: O) => void;
  reject: (e: Error) => void;
  timer?: NodeJS.Timeout;
};

export class ThreadCallError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'ThreadCallError';
    this.code = code;
  }
}

export function threadCall<I, O>(
  module: URL,
  options: ThreadCallOptions = {},
): (input: I, transfer?: ArrayBuffer[]) => Promise<O> {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending<O>>();

  const stop = (w: Worker, error: Error) => {
    if (worker === w) worker = undefined;
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      p.reject(error);
    }
    pending.clear();
    void w.terminate();
  };

  const start = (): Worker => {
    const w = new Worker(
      module,
      options.resourceLimits ? { resourceLimits: options.resourceLimits } : {},
    );
    w.unref();
    w.on('message', (reply: Reply<O>) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      clearTimeout(p.timer);
      if (pending.size === 0) w.unref();
      if (reply.error) p.reject(new ThreadCallError(reply.error.message, reply.error.code));
      else p.resolve(reply.result as O);
    });
    w.on('error', (e) =>
      stop(w, new ThreadCallError(e.message, (e as { code?: string }).code ?? 'THREAD_FAILED')),
    );
    w.on('exit', (code) =>
      stop(w, new ThreadCallError(`thread exited (${code})`, 'THREAD_FAILED')),
    );
    return w;
  };

  return (input, transfer) =>
    new Promise<O>((resolve, reject) => {
      worker ??= start();
      const w = worker;
      const id = nextId++;
      const entry: Pending<O> = { resolve, reject };
      if (options.timeoutMs) {
        entry.timer = setTimeout(
          () => stop(w, new ThreadCallError('the thread took too long', 'THREAD_TIMEOUT')),
          options.timeoutMs,
        );
      }
      pending.set(id, entry);
      w.ref();
      w.postMessage({ id, input }, transfer ?? []);
    });
}

/** The worker side: answers each `{ id, input }` with `handle(input)`. */
export function serveThreadCalls<I, O>(
  port: import('node:worker_threads').MessagePort | null,
  handle: (input: I) => O | Promise<O>,
): void {
  port?.on('message', async ({ id, input }: { id: number; input: I }) => {
    try {
      port.postMessage({ id, result: await handle(input) });
    } catch (e) {
      const err = e as { message?: string; code?: string };
      port.postMessage({
        id,
        error: {
          message: String(err?.message ?? e),
          ...(typeof err?.code === 'string' ? { code: err.code } : {}),
        },
      });
    }
  });
}
