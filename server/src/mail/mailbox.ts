import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { MAIL_JOB_KIND, type MailJobPayload, SMS_JOB_KIND } from './outbox.ts';

/** A mail as the dev mailbox shows it. */
export type MailboxEntry = {
  id: string;
  to: string;
  template: string;
  lang: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  lastError: string | null;
  /** The files it carried (names, types and sizes; the bytes are not kept). */
  attachments: { filename: string; contentType: string; size: number }[];
};

/**
 * Mails (and SMS, whose recipient is a phone number) in the outbox, newest first, optionally for
 * one recipient (case-insensitive). Rendered parts are present once the worker handled the job.
 */
export async function listMailbox(
  db: DbOrTx,
  options: { to?: string; limit?: number; id?: string } = {},
): Promise<MailboxEntry[]> {
  const conditions = [inArray(jobs.kind, [MAIL_JOB_KIND, SMS_JOB_KIND])];
  if (options.to) conditions.push(sql`lower(${jobs.payload}->>'to') = ${options.to.toLowerCase()}`);
  if (options.id) conditions.push(eq(jobs.id, options.id));
  const rows = await db
    .select()
    .from(jobs)
    .where(and(...conditions))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(options.limit ?? 200);
  return rows.map((r) => {
    const p = r.payload as MailJobPayload;
    const res = (r.result ?? {}) as {
      subject?: string;
      text?: string;
      html?: string;
      lang?: string;
      attachments?: MailboxEntry['attachments'];
    };
    return {
      id: r.id,
      to: p.to,
      template: p.template,
      lang: res.lang ?? p.lang,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt ? r.sentAt.toISOString() : null,
      subject: res.subject ?? null,
      text: res.text ?? null,
      html: res.html ?? null,
      lastError: r.lastError,
      attachments: res.attachments ?? [],
    };
  });
}
