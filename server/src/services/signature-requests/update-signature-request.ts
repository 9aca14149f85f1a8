import type {
  TSignatureRequest,
  ZUpdateSignatureRequestSchema,
} from '@signet/shared/signature-request/signature-request.schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { observers } from '../../db/schema/observers.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import { changeRequest, eventActor, type RequestContext } from './context.ts';
import { checkedExpiry } from './inputs.ts';

export type TUpdateSignatureRequest = z.output<typeof ZUpdateSignatureRequestSchema>;

/**
 * `PUT /v3/signature-requests/{id}` (owner; DRAFT or OPEN): title, message, the expiry date
 * (between an hour and a year ahead, else 400 EXPIRY_INVALID) and the reminder interval — a
 * change of either is recorded as "schedule_changed" — and, when given, the full list of
 * observers (added and removed ones are recorded as events).
 */
export async function updateSignatureRequest(
  ctx: RequestContext,
  id: string,
  input: TUpdateSignatureRequest,
): Promise<TSignatureRequest> {
  return changeRequest(ctx, id, 'update', async (tx, loaded) => {
    const now = new Date();
    const set: Partial<typeof signatureRequests.$inferInsert> = { updatedAt: now };
    if (input.title !== undefined) set.title = input.title;
    if (input.message !== undefined) set.message = input.message;
    const schedule: Record<string, unknown> = {};
    if (input.expires_at !== undefined) {
      const expiresAt = checkedExpiry(input.expires_at, now);
      if (expiresAt.getTime() !== loaded.request.expiresAt?.getTime()) {
        set.expiresAt = expiresAt;
        schedule.expires_at = expiresAt.toISOString();
      }
    }
    if (
      input.reminder_interval_days !== undefined &&
      input.reminder_interval_days !== loaded.request.reminderIntervalDays
    ) {
      set.reminderIntervalDays = input.reminder_interval_days;
      schedule.reminder_interval_days = input.reminder_interval_days;
    }
    await tx.update(signatureRequests).set(set).where(eq(signatureRequests.id, id));
    if (Object.keys(schedule).length > 0) {
      await recordEvent(tx, {
        requestId: id,
        type: 'schedule_changed',
        actor: eventActor(loaded),
        meta: ctx.meta,
        at: now,
        data: schedule,
      });
    }

    if (input.observers) {
      const wanted = new Set(input.observers);
      const current = new Set(loaded.observers.map((o) => o.email));
      const added = [...wanted].filter((e) => !current.has(e));
      const removed = [...current].filter((e) => !wanted.has(e));
      if (removed.length > 0) {
        await tx
          .delete(observers)
          .where(and(eq(observers.requestId, id), inArray(observers.email, removed)));
      }
      if (added.length > 0)
        await tx.insert(observers).values(added.map((email) => ({ requestId: id, email })));
      for (const email of added) {
        await recordEvent(tx, {
          requestId: id,
          type: 'observer_added',
          actor: eventActor(loaded),
          meta: ctx.meta,
          data: { email },
        });
      }
      for (const email of removed) {
        await recordEvent(tx, {
          requestId: id,
          type: 'observer_removed',
          actor: eventActor(loaded),
          meta: ctx.meta,
          data: { email },
        });
      }
    }
  });
}
