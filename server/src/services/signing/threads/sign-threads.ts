import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import type { Config } from '../../../config.ts';
import type { Signer } from '../../../crypto/signer.ts';
import { AppError } from '../../../errors.ts';
import {
  type CallReply,
  type FromJob,
  ownBuffer,
  type SignDocumentJob,
  type SignDocumentResult,
  type ThreadCalls,
  type ThreadError,
  type ThreadWarmUp,
  type ToThread,
} from './jobs.ts';

/** What the main thread answers a job's calls with (the key, the TSA, the database, the pool). */
export type MainCalls = {
  [N in keyof ThreadCalls]: (args: ThreadCalls[N]['args']) => Promise<ThreadCalls[N]['result']>;
};

/** A thread without work for this long exits (kept warm across batches, freed when idle). */
const IDLE_MS = 5 * 60_000;
const ENTRY = new URL('./sign-thread.worker.ts', import.meta.url);

type Thread = {
  worker: Worker;
  jobs: number;
  idle: NodeJS.Timeout | undefined;
  /** Fails the jobs in progress when the thread stops (crash, memory, close). */
  stopped: Set<(e: Error) => void>;
};

/**
 * The signing threads of seal batches: the PDF work of a batch entry's documents (parse, stamp,
 * save, hash, fill in; sign-document.ts) on the machine's other cores, while the main thread
 * keeps the keys, the time stamps, the validation data and the database. Threads start at the
 * server's warm-up (else with the first batch), warm their code before their first job
 * (warm-up-thread.ts) and stay for {@link IDLE_MS} without work, so it stays warm across
 * batches; they never keep the process alive.
 */
export class SignThreads {
  private readonly size: number;
  private readonly threads: Thread[] = [];

  private readonly warmUp: ThreadWarmUp;

  constructor(size: number, warmUp: ThreadWarmUp) {
    this.size = Math.max(1, size);
    this.warmUp = warmUp;
  }

  /** Starts every thread now (each warms its code, then rests until a batch comes). */
  startAll(): void {
    while (this.threads.length < this.size) this.rest(this.start());
  }

  /**
   * Signs one document in a thread (its bytes are handed over); `calls` answer what the thread
   * asks of the main thread.
   */
  sign(job: SignDocumentJob, calls: MainCalls): Promise<SignDocumentResult> {
    const thread = this.pick();
    thread.jobs++;
    if (thread.idle) clearTimeout(thread.idle);
    thread.idle = undefined;
    thread.worker.ref();
    const { port1, port2 } = new MessageChannel();
    return new Promise<SignDocumentResult>((resolve, reject) => {
      /** The main thread's own error of a call that failed (rethrown as it is). */
      let callError: unknown;
      const end = () => {
        port1.close();
        thread.stopped.delete(onStop);
        thread.jobs--;
        if (thread.jobs === 0) this.rest(thread);
      };
      const onStop = (e: Error) => {
        end();
        reject(e);
      };
      thread.stopped.add(onStop);
      port1.on('message', (message: FromJob) => {
        if ('done' in message) {
          end();
          resolve(message.done);
        } else if ('failed' in message) {
          end();
          reject(message.failed.fromCall && callError ? callError : fromWire(message.failed));
        } else {
          const answer = calls[message.call] as (args: unknown) => Promise<unknown>;
          answer(message.args).then(
            (result) => reply(port1, { seq: message.seq, result }),
            (e: unknown) => {
              callError ??= e;
              reply(port1, { seq: message.seq, error: { message: 'main-thread call failed' } });
            },
          );
        }
      });
      // The document's bytes move to the thread (the caller does not read them again).
      thread.worker.postMessage({ job, port: port2 } satisfies ToThread, [
        port2,
        ...ownBuffer(job.bytes),
      ]);
    });
  }

  /** Stops every thread (tests, shutdown). */
  async close(): Promise<void> {
    const all = this.threads.splice(0);
    await Promise.all(all.map((t) => t.worker.terminate()));
  }

  /** The least busy thread; a new one while every thread has work and there may be more. */
  private pick(): Thread {
    const least = this.threads.reduce<Thread | undefined>(
      (a, b) => (a && a.jobs <= b.jobs ? a : b),
      undefined,
    );
    if (least && (least.jobs === 0 || this.threads.length >= this.size)) return least;
    return this.start();
  }

  private start(): Thread {
    const worker = new Worker(ENTRY, { workerData: this.warmUp });
    const thread: Thread = { worker, jobs: 0, idle: undefined, stopped: new Set() };
    let failure: Error | undefined;
    worker.on('error', (e) => {
      failure = e;
    });
    worker.on('exit', (code) => {
      const i = this.threads.indexOf(thread);
      if (i >= 0) this.threads.splice(i, 1);
      if (thread.idle) clearTimeout(thread.idle);
      const e = new Error(`the signing thread stopped (${failure?.message ?? code})`);
      for (const fail of [...thread.stopped]) fail(e);
    });
    this.threads.push(thread);
    return thread;
  }

  private rest(thread: Thread): void {
    thread.worker.unref();
    if (thread.idle) clearTimeout(thread.idle);
    thread.idle = setTimeout(() => void thread.worker.terminate(), IDLE_MS);
    thread.idle.unref();
  }
}

/** Call answers are small (a signature value, a token, validation data): copied. */
function reply(port: MessagePort, message: CallReply): void {
  port.postMessage(message);
}

/** A thread's error on the main thread: an AppError stays one (a refusal keeps its code). */
function fromWire(e: ThreadError): Error {
  if (e.code && e.status) return new AppError(e.code, e.status, e.message, e.details);
  return new Error(`signing thread: ${e.message}`);
}

let shared: Promise<SignThreads> | undefined;

/**
 * This process's signing threads (config `signThreads`), started and warmed on first use (the
 * server's warm-up, else the first batch) with a small PDF made here and `signer`'s certificates.
 */
export function signThreads(size: number, signer: ThreadWarmUp['signer']): Promise<SignThreads> {
  shared ??= (async () => {
    const { makeTestPdf } = await import('../../../pdf/make-test-pdf.ts');
    const pdf = await makeTestPdf({ pages: 2, title: 'Warm-up' });
    const threads = new SignThreads(size, { pdf, signer });
    threads.startAll();
    return threads;
  })();
  shared.catch(() => {
    shared = undefined;
  });
  return shared;
}

/** At the server's warm-up: the signing threads start and warm before the first batch comes. */
export async function warmUpSignThreads(
  config: Pick<Config, 'signThreads'>,
  signer: Signer,
): Promise<void> {
  if (config.signThreads <= 0) return;
  await signThreads(config.signThreads, {
    certificateChain: signer.certificateChain,
    keyType: signer.keyType,
  });
}
