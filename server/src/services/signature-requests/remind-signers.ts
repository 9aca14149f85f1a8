import { REMIND_MIN_INTERVAL_MS } from '@signet/shared/signature-request/signature-request.constants';
import {
  mayRemind,
  nextRemindAt,
  remindable,
} from '@signet/shared/signature-request/signature-request.rules';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signers } from '../../db/schema/signers.ts';
import { AppError } from '../../errors.ts';
import { type EventActor, type EventMeta, recordEvent } from '../../evidence/record-event.ts';
import { actOnRequest, eventActor, mailRequest, type RequestContext } from './context.ts';
import type { LoadedRequest, LoadedSigner } from './load-for-actor.ts';
import { accountsByEmail, mailSigner, type RequestMailConfig } from './mail.ts';

/** A loaded signer as the shared reminder rules see it. */
export const remindFacts = (s: LoadedSigner) => ({
  ...s,
  direct: s.directNonce !== null,
});

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
    const open = remindable(loaded.signers.map(remindFacts));
    if (open.length === 0) {
      throw new AppError(
        'NOBODY_TO_REMIND',
        409,
        'Only direct signers are due; they are reminded by whoever gave them their link',
      );
    }
    const due = open.filter((s) => mayRemind(s, now));
    if (due.length === 0) {
      const next = nextRemindAt(open, now)?.getTime() ?? now.getTime() + REMIND_MIN_INTERVAL_MS;
      const seconds = Math.max(1, Math.ceil((next - now.getTime()) / 1000));
      throw new AppError(
        'REMIND_TOO_SOON',
        429,
        'Every signer was reminded within the last hour',
        { retryAfterSeconds: seconds },
        { 'Retry-After': String(seconds) },
      );
    }
    const reminded = await sendReminders(tx, ctx.config, loaded, due, {
      actor: eventActor(loaded),
      meta: ctx.meta,
      at: now,
    });
    return { reminded };
  });
}

/**
 * Reminds `due` (signers of `loaded` whose turn it is): marks them reminded, queues the mails in
 * the caller's transaction and records one "reminded" event (`automatic` for the reminder job,
 * whose actor is the system). Returns the addresses reminded.
 */
export async function sendReminders(
  tx: DbOrTx,
  config: RequestMailConfig,
  loaded: LoadedRequest,
  due: readonly LoadedSigner[],
  how: { actor: EventActor; meta: EventMeta; at: Date; automatic?: boolean },
): Promise<string[]> {
  await tx
    .update(signers)
    .set({ lastRemindedAt: how.at })
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
  for (const s of due) {
    await mailSigner(tx, config, mailRequest(loaded), s, 'request-reminder', accounts);
  }
  const reminded = due.map((s) => s.email);
  await recordEvent(tx, {
    requestId: loaded.request.id,
    type: 'reminded',
    actor: how.actor,
    meta: how.meta,
    at: how.at,
    data: how.automatic ? { signers: reminded, automatic: true } : { signers: reminded },
  });
  return reminded;
}
