import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { observers } from '../../db/schema/observers.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { signers } from '../../db/schema/signers.ts';
import { users } from '../../db/schema/users.ts';
import { deriveSignerStatuses } from './load-for-actor.ts';
import {
  accountsByEmail,
  type MailRequest,
  mailParticipants,
  mailSigner,
  type RequestMailConfig,
} from './mail.ts';

/**
 * Sends what is due after a request changed, in the caller's transaction (call it after every
 * signature, and after anything that can move the sequence):
 * - while OPEN: an invitation to every signer whose turn it is now (status OPEN) and who has
 *   not been invited yet (`invitedAt` is set, so nobody is invited twice);
 * - once SIGNED: the completion notice to every participant, once (`completionNotifiedAt`).
 * Records no events (the caller records what happened). Returns the addresses mailed.
 */
export async function notifyNextSigners(
  tx: DbOrTx,
  requestId: string,
  config: RequestMailConfig,
): Promise<{ invited: string[]; completed: string[] }> {
  const [row] = await tx
    .select({ request: signatureRequests, owner: users })
    .from(signatureRequests)
    .innerJoin(users, eq(users.id, signatureRequests.ownerId))
    .where(and(eq(signatureRequests.id, requestId), isNull(signatureRequests.deletedAt)))
    .limit(1);
  if (!row) return { invited: [], completed: [] };
  const { request, owner } = row;
  const mail: MailRequest = {
    id: request.id,
    title: request.title,
    message: request.message,
    owner,
  };
  const signerRows = await tx
    .select()
    .from(signers)
    .where(eq(signers.requestId, requestId))
    .orderBy(asc(signers.order), asc(signers.createdAt));

  if (request.status === 'OPEN') {
    const due = deriveSignerStatuses(request.status, signerRows).filter(
      (s) => s.status === 'OPEN' && !s.invitedAt,
    );
    if (due.length === 0) return { invited: [], completed: [] };
    const accounts = await accountsByEmail(
      tx,
      due.map((s) => s.email),
    );
    const now = new Date();
    for (const s of due) {
      await tx.update(signers).set({ invitedAt: now }).where(eq(signers.id, s.id));
      await mailSigner(tx, config, mail, s, 'request-invitation', accounts);
    }
    return { invited: due.map((s) => s.email), completed: [] };
  }

  if (request.status === 'SIGNED' && !request.completionNotifiedAt) {
    const observerRows = await tx
      .select()
      .from(observers)
      .where(eq(observers.requestId, requestId));
    const emails = [...signerRows.map((s) => s.email), ...observerRows.map((o) => o.email)];
    await tx
      .update(signatureRequests)
      .set({ completionNotifiedAt: new Date() })
      .where(eq(signatureRequests.id, requestId));
    await mailParticipants(tx, config, mail, emails, 'request-completed', {});
    return { invited: [], completed: [...new Set([owner.email, ...emails])] };
  }
  return { invited: [], completed: [] };
}
