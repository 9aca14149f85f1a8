import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { jobs, type TJob } from '../db/schema/index.ts';
import type { Logger } from '../log.ts';
import type { Mailer, MailFile } from '../mail/mailer.ts';
import { MAIL_JOB_KIND, type MailAttachmentRef, type MailJobPayload } from '../mail/outbox.ts';
import { MailTemplateError, renderMail } from '../mail/templates/index.ts';

/** A job failed for good: no retry. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** What a job handler reports: the final status and what to keep in `result`. */
export type JobOutcome = { status: 'sent' | 'delivered'; result?: unknown };
export type JobHandler = (job: TJob) => Promise<JobOutcome>;
/** The files of a mail's attachment references; throws (and the mail is retried) when one is not ready. */
export type MailAttachmentResolver = (refs: readonly MailAttachmentRef[]) => Promise<MailFile[]>;

export type WorkerOptions = {
  db: Db;
  log: Logger;
  mailer: Mailer;
  config: Pick<Config, 'mailFrom'>;
  /** Extra handlers by job kind (mail is built in). */
  handlers?: Record<string, JobHandler>;
  /** Fetches the files a mail names (`attachments` of its payload) when it is sent. */
  attachments?: MailAttachmentResolver;
  /** Idle poll interval (default 500 ms). */
  pollMs?: number;
  /** How long a claimed job stays claimed; after it the job is due again (default 5 min). */
  leaseMs?: number;
  /** Attempts before a job is dead (default 8). */
  maxAttempts?: number;
  /** First retry delay, doubled each attempt (default 30 s). */
  baseDelayMs?: number;
  /** Jobs claimed per round (default 10). */
  batchSize?: number;
  /** Clock (tests). */
  now?: () => Date;
};

export type Worker = {
  /** Starts the poll loop. */
  start: () => void;
  /** Stops polling and waits for the round in progress. */
  stop: () => Promise<void>;
  /** Claims and runs one batch of due jobs; returns how many were claimed. */
  runOnce: () => Promise<number>;
  /** Runs rounds until nothing is due; returns the number of jobs claimed. */
  drain: () => Promise<number>;
  /** Claims due jobs without running them (tests simulate a crash after claiming with it). */
  claim: () => Promise<TJob[]>;
};

/** Delay before attempt `attempts + 1`: base · 2^(attempts − 1). */
export function backoffMs(attempts: number, baseDelayMs: number): number {
  return baseDelayMs * 2 ** Math.max(0, attempts - 1);
}

/**
 * The in-process job worker. Several instances (threads or servers) can share one table:
 * claiming uses `FOR UPDATE SKIP LOCKED`, a claimed job is leased until `runAt`, and a lease
 * that runs out (a crash between claim and finish) makes the job due again.
 */
export function createWorker(options: WorkerOptions): Worker {
  const {
    db,
    log,
    mailer,
    config,
    pollMs = 500,
    leaseMs = 5 * 60_000,
    maxAttempts = 8,
    baseDelayMs = 30_000,
    batchSize = 10,
    now = () => new Date(),
  } = options;

  const handlers: Record<string, JobHandler> = {
    [MAIL_JOB_KIND]: async (job) => {
      const p = job.payload as MailJobPayload;
      let rendered: ReturnType<typeof renderMail>;
      try {
        rendered = renderMail(p.template, p.lang, p.data ?? {});
      } catch (e) {
        if (e instanceof MailTemplateError) throw new PermanentJobError(e.message);
        throw e;
      }
      const files =
        p.attachments?.length && options.attachments
          ? await options.attachments(p.attachments)
          : [];
      const message = {
        to: p.to,
        from: config.mailFrom,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        headers: { 'Content-Language': rendered.lang },
      };
      const sent = await mailer.send({
        ...message,
        ...(files.length ? { attachments: files } : {}),
      });
      return {
        status: mailer.kind === 'smtp' ? 'sent' : 'delivered',
        result: {
          ...message,
          // What was attached, not the bytes (the mailbox lists them).
          attachments: files.map((f) => ({
            filename: f.filename,
            contentType: f.contentType,
            size: f.content.byteLength,
          })),
          template: p.template,
          lang: rendered.lang,
          ...sent,
        },
      };
    },
    ...options.handlers,
  };

  async function claim(): Promise<TJob[]> {
    const at = now();
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.status, ['pending', 'running']), lte(jobs.runAt, at)))
      .orderBy(jobs.runAt)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        runAt: new Date(at.getTime() + leaseMs),
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  // Only the holder of the current lease may finish a job: a worker whose lease ran out and
  // was taken over must not overwrite the newer attempt.
  const mine = (job: TJob) =>
    and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));

  async function run(job: TJob): Promise<void> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new PermanentJobError(`no handler for job kind ${job.kind}`);
      const outcome = await handler(job);
      await db
        .update(jobs)
        .set({
          status: outcome.status,
          sentAt: now(),
          lastError: null,
          result: outcome.result ?? null,
        })
        .where(mine(job));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const dead = e instanceof PermanentJobError || job.attempts >= maxAttempts;
      const runAt = new Date(now().getTime() + backoffMs(job.attempts, baseDelayMs));
      await db
        .update(jobs)
        .set(
          dead
            ? { status: 'dead', lastError: message.slice(0, 2000) }
            : { status: 'pending', lastError: message.slice(0, 2000), runAt },
        )
        .where(mine(job));
      log[dead ? 'error' : 'warn'](
        { jobId: job.id, kind: job.kind, attempts: job.attempts, err: message },
        dead ? 'job failed for good' : 'job failed, will retry',
      );
    }
  }

  async function runOnce(): Promise<number> {
    const claimed = await claim();
    for (const job of claimed) await run(job);
    return claimed.length;
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await runOnce();
      total += n;
      if (n === 0) return total;
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  const tick = () => {
    timer = undefined;
    if (stopped) return;
    running = runOnce()
      .then((n) => n)
      .catch((e) => {
        log.error({ err: e }, 'job worker round failed');
        return 0;
      })
      .then((n) => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, n >= batchSize ? 0 : pollMs);
      });
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(tick, 0);
      timer.unref?.();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
    runOnce,
    drain,
    claim,
  };
}
