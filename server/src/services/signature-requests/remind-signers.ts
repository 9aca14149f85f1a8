import { inArray } from 'drizzle-orm';
import { signers } from '../../db/schema/signers.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import { actOnRequest, eventActor, mailRequest, type RequestContext } from './context.ts';
import { accountsByEmail, mailSigner } from './mail.ts';

/** A signer is reminded at most once in this interval. */
export const REMIND_INTERVAL_MS = 60 * 60 * 1000;

/**
 * `POST /v3/signature-requests/{id}/remind` (owner; OPEN): a reminder to every signer whose turn
 * it is (OPEN) and who was not reminded in the last hour (direct signers excepted: 409
 * NOBODY_TO_REMIND when only they are due). When nobody could be reminded:
 * 429 REMIND_TOO_SOON with Retry-After (seconds until the next signer may be reminded).
 */
export async function remindSigners(
  ctx: RequestContext,
  id: string,
): Promise<{ reminded: string[] }> {
  return actOnRequest(ctx, id, 'remind', async (tx, loaded) => {
    const now = new Date();
    // Direct signers are reminded by whoever gave them their link.
    const open = loaded.signers.filter((s) => s.status === 'OPEN' && s.directNonce === null);
    if (open.length === 0) {
      throw new AppError(
        'NOBODY_TO_REMIND',
        409,
        'Only direct signers are due; they are reminded by whoever gave them their link',
      );
    }
    const due = open.filter(
      (s) => !s.lastRemindedAt || now.getTime() - s.lastRemindedAt.getTime() >= REMIND_INTERVAL_MS,
    );
    if (due.length === 0) {
      const next = Math.min(
        ...open.map((s) => (s.lastRemindedAt?.getTime() ?? now.getTime()) + REMIND_INTERVAL_MS),
      );
      const seconds = Math.max(1, Math.ceil((next - now.getTime()) / 1000));
      throw new AppError(
        'REMIND_TOO_SOON',
        429,
        'Every signer was reminded within the last hour',
        { retryAfterSeconds: seconds },
        { 'Retry-After': String(seconds) },
      );
    }
    await tx
      .update(signers)
      .set({ lastRemindedAt: now })
      .where(
        inArray(
          signers.id,
          due.map((s) => s.id),
        ),
      );
    const accounts = await accountsByEmail(
      tx,
      due.map((s) => s.email),
    );
    for (const s of due)
      await mailSigner(tx, ctx.config, mailRequest(loaded), s, 'request-reminder', accounts);
    const reminded = due.map((s) => s.email);
    await recordEvent(tx, {
      requestId: id,
      type: 'reminded',
      actor: eventActor(loaded),
      meta: ctx.meta,
      at: now,
      data: { signers: reminded },
    });
    return { reminded };
  });
}
