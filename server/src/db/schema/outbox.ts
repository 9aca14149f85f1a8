import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The sandbox payment provider numbers its webhook events in the order it makes them (Stripe's
 * events carry no such number): Signet orders the events of one second by it.
 */
export const sandboxEventSeq = pgSequence('sandbox_event_seq');

export const JOB_STATUSES = ['pending', 'running', 'sent', 'delivered', 'dead'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];

/**
 * Background jobs (the outbox). A job is written in the same transaction as the change that
 * causes it and picked up by the worker with `FOR UPDATE SKIP LOCKED`.
 *
 * status: `pending` (due at runAt) → `running` (claimed; lease until runAt) → `sent` (SMTP
 * accepted it) | `delivered` (kept in the dev mailbox) | `dead` (gave up after max attempts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Rendered result kept for the mailbox and diagnostics (subject, html, text, to). */
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} in ('pending', 'running')`),
    index('jobs_kind_created_idx').on(t.kind, t.createdAt),
  ],
);

export type TJob = typeof jobs.$inferSelect;
