import type { DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { isMailable } from '../services/api-users/api-keys.ts';
import type { MailLang, MailTemplateName } from './templates/index.ts';

/**
 * A file a mail carries, named by what it is rather than by its bytes (the job row stays small):
 * the worker fetches it when it sends the mail (see `MailAttachmentResolver`).
 */
export type MailAttachmentRef = { kind: 'protocol' | 'documents'; requestId: string };

/** What a mail job carries: the recipient, the template, the language and the template data. */
export type MailJobPayload = {
  to: string;
  template: MailTemplateName;
  lang: MailLang | string;
  data: Record<string, string | number | null | undefined>;
  attachments?: MailAttachmentRef[];
};

export const MAIL_JOB_KIND = 'mail';

/**
 * Queues an e-mail in the caller's transaction: it is sent only if that transaction commits.
 * Addresses of API users' accounts (`.invalid`) get none: nothing is queued (null).
 * The worker renders it in `lang` (falling back to en-gb) and delivers it.
 *
 * @example
 * await db.transaction(async (tx) => {
 *   await tx.insert(users).values(user);
 *   await enqueueMail(tx, { to: user.email, template: 'confirm-signup', lang, data: { url } });
 * });
 */
export async function enqueueMail(
  tx: DbOrTx,
  mail: MailJobPayload,
  options: { runAt?: Date } = {},
): Promise<{ id: string } | null> {
  if (!isMailable(mail.to)) return null;
  const [row] = await tx
    .insert(jobs)
    .values({
      kind: MAIL_JOB_KIND,
      payload: mail,
      ...(options.runAt ? { runAt: options.runAt } : {}),
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('enqueueMail: insert returned no row');
  return row;
}

/**
 * Job rows a caller inserts with a statement of its own, in the same transaction: one round trip
 * with its other writes (the signature's events: `recordEvents`' `jobs`).
 */
export type JobRows = (typeof jobs.$inferInsert)[];

/**
 * Queues several e-mails in one statement (a notice to every participant of a request), or, with
 * `into`, adds their rows for the caller's statement.
 */
export async function enqueueMails(
  tx: DbOrTx,
  mails: readonly MailJobPayload[],
  into?: JobRows,
): Promise<void> {
  const rows = mails
    .filter((m) => isMailable(m.to))
    .map((payload) => ({ kind: MAIL_JOB_KIND, payload }));
  if (into) into.push(...rows);
  else if (rows.length > 0) await tx.insert(jobs).values(rows);
}

/** What an SMS job carries: the number (E.164), the template (`<template>.sms`) and its data. */
export type SmsJobPayload = {
  to: string;
  template: string;
  lang: string;
  data: Record<string, string | number | null | undefined>;
};

export const SMS_JOB_KIND = 'sms';

/**
 * Queues an SMS in the caller's transaction, sent by the worker through the SMS provider once
 * the transaction commits (see providers/sms/sms-job.ts).
 */
export async function enqueueSms(tx: DbOrTx, sms: SmsJobPayload): Promise<{ id: string }> {
  const [row] = await tx
    .insert(jobs)
    .values({ kind: SMS_JOB_KIND, payload: sms })
    .returning({ id: jobs.id });
  if (!row) throw new Error('enqueueSms: insert returned no row');
  return row;
}
