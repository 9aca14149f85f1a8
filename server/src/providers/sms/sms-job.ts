import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema/outbox.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/worker.ts';
import { SMS_JOB_KIND, type SmsJobPayload } from '../../mail/outbox.ts';
import { MailTemplateError, normalizeLang, renderSmsText } from '../../mail/templates/index.ts';
import { type SmsDeliveryReport, type SmsProvider, SmsRejectedError } from './sms-provider.ts';

/**
 * The worker's handler for SMS jobs: renders the text in the recipient's language and hands it
 * to the provider. A refused number fails for good; anything else is retried with backoff.
 * The job keeps what was sent (the development mailbox lists it).
 */
export function smsJobHandlers(provider: SmsProvider): Record<string, JobHandler> {
  return {
    [SMS_JOB_KIND]: async (job) => {
      const p = job.payload as SmsJobPayload;
      let text: string;
      try {
        text = renderSmsText(p.template, p.lang, p.data ?? {});
      } catch (e) {
        if (e instanceof MailTemplateError) throw new PermanentJobError(e.message);
        throw e;
      }
      try {
        const accepted = await provider.send({ to: p.to, text, reference: job.id });
        return {
          status: 'sent',
          result: {
            to: p.to,
            subject: `SMS (${provider.name})`,
            text,
            template: p.template,
            lang: normalizeLang(p.lang),
            gateway: provider.name,
            providerId: accepted.providerId,
            delivery: 'accepted',
          },
        };
      } catch (e) {
        if (e instanceof SmsRejectedError) throw new PermanentJobError(`${e.code}: ${e.message}`);
        throw e;
      }
    },
  };
}

/** Stores a delivery report on the SMS job it belongs to (the gateway's status webhook). */
export function recordSmsDelivery(db: DbOrTx) {
  return async (report: SmsDeliveryReport): Promise<void> => {
    await db
      .update(jobs)
      .set({
        result: sql`coalesce(${jobs.result}, '{}'::jsonb) || ${JSON.stringify({
          delivery: report.status,
          deliveredAt: report.at.toISOString(),
          ...(report.error ? { deliveryError: report.error } : {}),
        })}::jsonb`,
      })
      .where(eq(jobs.id, report.reference));
  };
}
