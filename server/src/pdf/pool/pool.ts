import { type ChildProcess, fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';
import { AppError, serverBusy } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { tooComplex } from '../errors.ts';
import {
  type FromWorker,
  NEED_SOURCE,
  type PdfJobInput,
  type PdfJobKind,
  type PdfJobOutput,
  type PdfSource,
  type ToWorker,
} from './jobs.ts';

/**
 * A pool of PDF worker processes: untrusted PDFs are parsed and drawn there, never on the
 * server's event loop. Processes rather than threads, because only a process can be stopped
 * at any instant (also inside native code: zlib, Skia) and gives all its memory back.
 *
 * Limits: each worker's resident memory is watched (killed past `memoryMb`), each job has a
 * time limit, and the queue is bounded (past it, 503 SERVER_BUSY at once). A job that hits a
 * limit fails with 422 PDF_TOO_COMPLEX; the worker is replaced, the server keeps answering.
 * Workers start on demand and exit after `idleMs` without work, so an idle server holds none.
 *
 * Use: `pool.run('render', { source: { sha256 }, page: 1, scale: 100 }, { source: load })`,
 * where `load` gives the bytes (or a file path) when the chosen worker does not hold the
 * document yet. Interactive jobs (a user waits) go before background ones.
 */
export type PdfPoolOptions = {
  /** Most worker processes (default 2). */
  size?: number;
  /** Resident memory one worker may use, in MiB (default 512). */
  memoryMb?: number;
  /** A worker without work for this long exits (default 60 s). */
  idleMs?: number;
  /** Most jobs waiting for a worker; more are refused with 503 (default 256). */
  queueLimit?: number;
  /** Time limit of one job by kind, in ms (defaults: preflight 15 s, render and stamp-space 20 s, verify 30 s). */
  timeouts?: Partial<Record<PdfJobKind, number>>;
  log?: Logger;
  /** The worker's entry module (tests may pass another). */
  entry?: string;
};

export type RunOptions = {
  /** 'interactive' (default): someone waits for it. 'background': a queued job. */
  priority?: 'interactive' | 'background';
  /** Where the PDF comes from when the worker does not hold it (bytes or a file path). */
  source?: () => Promise<{ bytes: Uint8Array } | { path: string }>;
  /** Overrides the kind's time limit. */
  timeoutMs?: number;
};

export type PdfPoolStats = { workers: number; busy: number; queued: number; started: number };

type Pending = {
  kind: PdfJobKind;
  input: { source: PdfSource } & Record<string, unknown>;
  options: RunOptions;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  retried: boolean;
};

type Worker = {
  child: ChildProcess;
  /** Its module loaded and listening (it said so), or gone: jobs wait for one of the two. */
  ready: Promise<void>;
  busy: Pending | null;
  /** Documents the worker holds parsed (its last answer said so). */
  held: Set<string>;
  idleTimer: NodeJS.Timeout | undefined;
  jobTimer: NodeJS.Timeout | undefined;
  /** Why we killed it, when we did. */
  killedFor: 'timeout' | 'memory' | 'idle' | 'close' | undefined;
  id: number;
};

const DEFAULT_TIMEOUTS: Record<PdfJobKind, number> = {
  preflight: 15_000,
  render: 20_000,
  'stamp-space': 20_000,
  verify: 30_000,
};
const WATCH_INTERVAL_MS = 100;
/** Scheduling priority of the workers relative to the server (higher is nicer to others). */
const WORKER_NICENESS = 5;
const CHILD_ENTRY = new URL('./child.ts', import.meta.url);

/** Resolves when the process has exited (at once if it has). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Resident set size of a process in bytes, from /proc (Linux); null where unavailable. */
async function residentBytes(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

const workerFailed = (): AppError =>
  new AppError('WORKER_FAILED', 500, 'The document could not be processed.');

/** What runs a PDF job: the pool, or a signing thread's way to the pool (sign-thread/). */
export type PdfJobRunner = Pick<PdfPool, 'run'>;

export class PdfPool {
  private readonly size: number;
  private readonly memoryBytes: number;
  private readonly memoryMb: number;
  private readonly idleMs: number;
  private readonly queueLimit: number;
  private readonly timeouts: Record<PdfJobKind, number>;
  private readonly log: Logger | undefined;
  private readonly entry: string | URL;
  private readonly workers: Worker[] = [];
  private readonly queue: Pending[] = [];
  private watch: NodeJS.Timeout | undefined;
  private nextId = 1;
  private started = 0;
  private closed = false;

  constructor(options: PdfPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? 2);
    this.memoryMb = Math.max(64, options.memoryMb ?? 512);
    this.memoryBytes = this.memoryMb * 1024 * 1024;
    this.idleMs = options.idleMs ?? 60_000;
    this.queueLimit = options.queueLimit ?? 256;
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.log = options.log;
    this.entry = options.entry ?? CHILD_ENTRY;
  }

  /** Runs one job in a worker; resolves with its output or rejects with an AppError. */
  run<K extends PdfJobKind>(
    kind: K,
    input: PdfJobInput<K>,
    options: RunOptions = {},
  ): Promise<PdfJobOutput<K>> {
    if (this.closed) return Promise.reject(serverBusy());
    if (this.queue.length >= this.queueLimit) return Promise.reject(serverBusy());
    return new Promise((resolve, reject) => {
      this.queue.push({
        kind,
        input: input as Pending['input'],
        options,
        resolve: resolve as (value: unknown) => void,
        reject,
        retried: false,
      });
      this.pump();
    });
  }

  stats(): PdfPoolStats {
    return {
      workers: this.workers.length,
      busy: this.workers.filter((w) => w.busy).length,
      queued: this.queue.length,
      started: this.started,
    };
  }

  /** Stops every worker; queued jobs fail with 503. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(serverBusy());
    const exits = this.workers.map((w) => {
      // Idle workers are unreferenced; waiting for their exit must keep the process alive.
      w.child.ref();
      return exited(w.child);
    });
    for (const w of [...this.workers]) this.kill(w, 'close');
    await Promise.all(exits);
  }

  private nextJob(): Pending | undefined {
    const i = this.queue.findIndex((j) => (j.options.priority ?? 'interactive') === 'interactive');
    return this.queue.splice(Math.max(i, 0), 1)[0];
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      // A worker being killed (idle, memory, timeout) still exits later: it takes no new job, and
      // its place counts as free (a job handed to it died as "too complex", seen under load).
      const live = this.workers.filter((w) => w.killedFor === undefined);
      const idle = live.filter((w) => !w.busy);
      if (idle.length === 0 && live.length >= this.size) return;
      const job = this.nextJob();
      if (!job) return;
      const sha = job.input.source?.sha256;
      const worker =
        idle.find((w) => sha !== undefined && w.held.has(sha)) ?? idle[0] ?? this.spawn();
      void this.dispatch(worker, job);
    }
  }

  private spawn(): Worker {
    const child = fork(this.entry, [], {
      execArgv: [`--max-old-space-size=${this.memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    this.started++;
    // Below the server in the scheduler's eyes: under full load the event loop (every user's
    // requests) goes first, and the PDF work takes what is left.
    try {
      if (child.pid !== undefined)
        setPriority(child.pid, Math.min(19, getPriority() + WORKER_NICENESS));
    } catch {
      // Not permitted here: the workers run at the server's priority.
    }
    let markReady = () => {};
    const worker: Worker = {
      child,
      ready: Promise.race([
        new Promise<void>((resolve) => {
          markReady = resolve;
        }),
        exited(child),
      ]),
      busy: null,
      held: new Set(),
      idleTimer: undefined,
      jobTimer: undefined,
      killedFor: undefined,
      id: this.started,
    };
    // An idle worker must not keep the server (or a test run) from exiting: only a busy one's
    // channel is referenced (see dispatch and finish).
    child.unref();
    child.channel?.unref();
    child.on('message', (message: FromWorker) => {
      if ('ready' in message) markReady();
      else this.onMessage(worker, message);
    });
    child.on('exit', (code, signal) => this.onExit(worker, code, signal));
    child.on('error', (err) => this.log?.warn({ err }, 'pdf worker error'));
    this.workers.push(worker);
    this.startWatch();
    return worker;
  }

  private async dispatch(worker: Worker, job: Pending): Promise<void> {
    worker.busy = job;
    worker.child.channel?.ref();
    if (worker.idleTimer) clearTimeout(worker.idleTimer);
    worker.idleTimer = undefined;
    let input = job.input;
    const source = input.source;
    try {
      if (source && !source.bytes && !source.path && !worker.held.has(source.sha256)) {
        input = { ...input, source: { ...source, ...(await this.loadSource(job)) } };
      }
      // A new worker's start (loading its modules) does not count against the job's time.
      await worker.ready;
    } catch (e) {
      this.finish(worker, job, () => job.reject(e));
      return;
    }
    if (worker.busy !== job || !worker.child.connected) {
      // The worker died while the source was loading: run the job elsewhere.
      this.queue.unshift(job);
      this.pump();
      return;
    }
    const timeout = job.options.timeoutMs ?? this.timeouts[job.kind];
    worker.jobTimer = setTimeout(() => this.kill(worker, 'timeout'), timeout);
    const message: ToWorker = { id: this.nextId++, kind: job.kind, input };
    worker.child.send(message, (err) => {
      if (err) this.kill(worker, 'close');
    });
  }

  private async loadSource(job: Pending): Promise<{ bytes: Uint8Array } | { path: string }> {
    if (!job.options.source) {
      throw new Error(`pdf pool: ${job.kind} job without bytes, path or source loader`);
    }
    return job.options.source();
  }

  private onMessage(worker: Worker, message: Exclude<FromWorker, { ready: true }>): void {
    const job = worker.busy;
    if (!job) return;
    if (worker.jobTimer) clearTimeout(worker.jobTimer);
    worker.jobTimer = undefined;
    worker.held = new Set(message.cached);
    if (!message.ok && message.error.code === NEED_SOURCE && !job.retried) {
      // The worker dropped the document since it last said it held it: send the bytes.
      job.retried = true;
      worker.held.delete(job.input.source.sha256);
      void this.dispatch(worker, job);
      return;
    }
    this.finish(worker, job, () => {
      if (message.ok) job.resolve(message.output);
      else {
        const e = message.error;
        if (e.status >= 500) this.log?.error({ kind: job.kind, code: e.code }, 'pdf job failed');
        job.reject(new AppError(e.code, e.status, e.message, e.details));
      }
    });
  }

  private finish(worker: Worker, _job: Pending, settle: () => void): void {
    worker.busy = null;
    worker.child.channel?.unref();
    settle();
    if (!this.closed && worker.child.connected) {
      worker.idleTimer = setTimeout(() => this.kill(worker, 'idle'), this.idleMs);
      worker.idleTimer.unref();
    }
    this.pump();
  }

  private kill(worker: Worker, reason: NonNullable<Worker['killedFor']>): void {
    worker.killedFor ??= reason;
    if (worker.jobTimer) clearTimeout(worker.jobTimer);
    if (worker.idleTimer) clearTimeout(worker.idleTimer);
    worker.child.kill('SIGKILL');
  }

  private onExit(worker: Worker, code: number | null, signal: NodeJS.Signals | null): void {
    const i = this.workers.indexOf(worker);
    if (i >= 0) this.workers.splice(i, 1);
    if (worker.jobTimer) clearTimeout(worker.jobTimer);
    if (worker.idleTimer) clearTimeout(worker.idleTimer);
    const job = worker.busy;
    worker.busy = null;
    if (job) {
      // Out of heap, V8 aborts (SIGABRT, exit 134); the kernel's OOM killer sends SIGKILL.
      const outOfMemory = signal === 'SIGABRT' || signal === 'SIGKILL' || code === 134;
      const reason = worker.killedFor ?? (outOfMemory ? 'memory' : 'crash');
      this.log?.[reason === 'crash' ? 'error' : 'warn'](
        { kind: job.kind, reason, code, signal, memoryMb: this.memoryMb },
        'pdf worker stopped during a job',
      );
      if (reason === 'close') job.reject(serverBusy());
      else if (reason === 'crash') job.reject(workerFailed());
      else job.reject(tooComplex({ limit: reason === 'timeout' ? 'time' : 'memory' }));
    }
    if (this.workers.length === 0) this.stopWatch();
    this.pump();
  }

  private startWatch(): void {
    if (this.watch || process.platform !== 'linux') return;
    this.watch = setInterval(() => void this.checkMemory(), WATCH_INTERVAL_MS);
    this.watch.unref();
  }

  private stopWatch(): void {
    if (this.watch) clearInterval(this.watch);
    this.watch = undefined;
  }

  private async checkMemory(): Promise<void> {
    for (const worker of this.workers) {
      const pid = worker.child.pid;
      if (!worker.busy || pid === undefined) continue;
      const rss = await residentBytes(pid);
      if (rss !== null && rss > this.memoryBytes) this.kill(worker, 'memory');
    }
  }
}
