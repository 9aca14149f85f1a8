import {
  defaultExpiry,
  expiryProblem,
} from '@signet/shared/signature-request/signature-request.rules';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import { changeRequest, eventActor, type RequestContext } from './context.ts';
import { notifyNextSigners } from './notify-next-signers.ts';

/**
 * `POST /v3/signature-requests/{id}/initiate` (owner; a DRAFT with documents and signers):
 * the request becomes OPEN, "initiated" is recorded, and the signers whose turn it is get their
 * invitations. Later signers (WAITING) are invited when their turn comes (`notifyNextSigners`).
 * The request expires at the date the owner chose (409 EXPIRY_PASSED when it has come meanwhile),
 * else `REQUEST_EXPIRY.defaultDays` from now.
 */
export async function initiateSignatureRequest(
  ctx: RequestContext,
  id: string,
): Promise<TSignatureRequest> {
  return changeRequest(ctx, id, 'initiate', async (tx, loaded) => {
    const now = new Date();
    const chosen = loaded.request.expiresAt;
    if (chosen && expiryProblem(chosen, now) === 'past') {
      throw new AppError(
        'EXPIRY_PASSED',
        409,
        'The expiry date has passed or is less than an hour away; choose a later one',
      );
    }
    const expiresAt = chosen ?? defaultExpiry(now);
    await tx
      .update(signatureRequests)
      .set({ status: 'OPEN', initiatedAt: now, updatedAt: now, expiresAt })
      .where(eq(signatureRequests.id, id));
    await recordEvent(tx, {
      requestId: id,
      type: 'initiated',
      actor: eventActor(loaded),
      meta: ctx.meta,
      at: now,
      data: {
        signers: loaded.signers.map((s) => ({ email: s.email, order: s.order })),
        expires_at: expiresAt.toISOString(),
        reminder_interval_days: loaded.request.reminderIntervalDays,
      },
    });
    await notifyNextSigners(tx, id, ctx.config);
  });
}
