import type {
  TSignatureRequest,
  ZUpdateSignatureRequestSchema,
} from '@signet/shared/signature-request/signature-request.schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { observers } from '../../db/schema/observers.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { signers } from '../../db/schema/signers.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import { changeRequest, eventActor, type RequestContext } from './context.ts';
import { checkedExpiry } from './inputs.ts';
import type { LoadedRequest } from './load-for-actor.ts';

export type TUpdateSignatureRequest = z.output<typeof ZUpdateSignatureRequestSchema>;

/**
 * `PUT /v3/signature-requests/{id}` (owner; DRAFT or OPEN): title, message, the expiry date
 * (between an hour and a year ahead, else 400 EXPIRY_INVALID) and the reminder interval — a
 * change of either is recorded as "schedule_changed" — and, when given, the full list of
 * observers (added and removed ones are recorded as events) and, in a draft, the signing order.
 */
export async function updateSignatureRequest(
  ctx: RequestContext,
  id: string,
  input: TUpdateSignatureRequest,
): Promise<TSignatureRequest> {
  return changeRequest(ctx, id, 'update', async (tx, loaded) => {
    if (input.signer_order) await reorderSigners(tx, loaded, input.signer_order);
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

/**
 * A draft's signers in a new signing order: `sids` names every signer once (else 400
 * SIGNER_ORDER_INVALID). The order values the draft has are handed out again in the new sequence,
 * so signers who sign side by side keep doing so. Nothing is recorded: a draft has no
 * participants yet, and sending records the order it goes out with.
 */
async function reorderSigners(tx: DbOrTx, loaded: LoadedRequest, sids: readonly string[]) {
  if (loaded.request.status !== 'DRAFT') {
    throw new AppError('REQUEST_NOT_DRAFT', 409, 'The signing order can change only in a draft.');
  }
  const current = new Map(loaded.signers.map((s) => [s.id, s.order]));
  if (sids.length !== current.size || new Set(sids).size !== sids.length) {
    throw new AppError('SIGNER_ORDER_INVALID', 400, 'Name every signer of the request once.');
  }
  if (sids.some((sid) => !current.has(sid))) {
    throw new AppError('SIGNER_ORDER_INVALID', 400, 'Name every signer of the request once.');
  }
  const orders = [...current.values()].sort((a, b) => a - b);
  for (const [i, sid] of sids.entries()) {
    const order = orders[i] as number;
    if (current.get(sid) !== order) {
      await tx.update(signers).set({ order }).where(eq(signers.id, sid));
    }
  }
}
