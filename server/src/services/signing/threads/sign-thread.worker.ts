/**
 * Entry of a signing thread (sign-threads.ts): signs the documents of batch entries
 * (sign-document.ts), several at once — while one waits for the main thread (a signature value,
 * a time stamp), the next is parsed. Each job talks back on its own port.
 */
import module from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { isAppError } from '../../../errors.ts';
import {
  type CallReply,
  type FromJob,
  ownBuffer,
  type ThreadError,
  type ThreadWarmUp,
  type ToThread,
} from './jobs.ts';
import { type CallMain, signDocument } from './sign-document.ts';
import { warmUpThread } from './warm-up-thread.ts';

module.enableCompileCache?.();

/** A main-thread call failed: the main thread knows why and rethrows its own error. */
class CallFailed extends Error {
  readonly wire: ThreadError;
  constructor(wire: ThreadError) {
    super(wire.message);
    this.wire = wire;
  }
}

function toWire(e: unknown): ThreadError {
  if (e instanceof CallFailed) return { ...e.wire, fromCall: true };
  if (isAppError(e)) {
    return {
      message: e.message,
      code: e.code,
      status: e.status,
      ...(e.details !== undefined ? { details: e.details } : {}),
    };
  }
  return { message: e instanceof Error ? (e.stack ?? e.message) : String(e) };
}

// Jobs wait for the warm-up; one that fails is no reason to refuse them.
const warm = warmUpThread(workerData as ThreadWarmUp).catch((e: unknown) => {
  process.stderr.write(`signing thread: warm-up failed: ${toWire(e).message}\n`);
});

parentPort?.on('message', async ({ job, port }: ToThread) => {
  let seq = 0;
  const waiting = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();
  port.on('message', (reply: CallReply) => {
    const w = waiting.get(reply.seq);
    if (!w) return;
    waiting.delete(reply.seq);
    if (reply.error) w.reject(new CallFailed(reply.error));
    else w.resolve(reply.result);
  });
  const call: CallMain = (name, args, transfer) =>
    new Promise((resolve, reject) => {
      const n = seq++;
      waiting.set(n, { resolve: resolve as (v: unknown) => void, reject });
      port.postMessage({ call: name, seq: n, args } satisfies FromJob, transfer ?? []);
    });
  try {
    await warm;
    const done = await signDocument(job, call);
    port.postMessage({ done } satisfies FromJob, ownBuffer(done.bytes));
  } catch (e) {
    port.postMessage({ failed: toWire(e) } satisfies FromJob);
  } finally {
    port.close();
  }
});
