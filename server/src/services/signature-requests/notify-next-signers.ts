import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { observers } from '../../db/schema/observers.ts';
import {
  signatureRequests,
  type TSignatureRequestRow,
} from '../../db/schema/signature-requests.ts';
import { signers, type TSignerRow } from '../../db/schema/signers.ts';
import { users } from '../../db/schema/users.ts';
import { rowsOf } from '../../evidence/db-row.ts';
import {
  enqueueMails,
  type JobRows,
  type MailAttachmentRef,
  type MailJobPayload,
} from '../../mail/outbox.ts';
import { settingsForRequest, type TBusinessWithSettings } from '../businesses/settings.ts';
import { deriveSignerStatuses } from './load-for-actor.ts';
import {
  brandingOf,
  directSignerLangs,
  type MailRequest,
  mailParticipants,
  type RequestMailConfig,
  signerMail,
} from './mail.ts';

/**
 * The request as the caller's transaction has it now (after its own writes), so the notice
 * needs no second read: the request row, its owner, its signers in signing order and,
 * optionally, its observers.
 */
export type KnownRequestState = {
  request: Pick<
    TSignatureRequestRow,
    'id' | 'title' | 'message' | 'status' | 'completionNotifiedAt' | 'businessId'
  >;
  owner: MailRequest['owner'];
  signers: TSignerRow[];
  observers?: { email: string }[];
  /**
   * The caller's own write set `completionNotifiedAt` in this transaction (the signature that
   * completed the request): the completion notice is sent without marking the row again.
   */
  completionMarked?: true;
  /** The request's business settings as the caller read them (null: none); absent: read here. */
  business?: TBusinessWithSettings | null;
  /**
   * The caller's own write marked the signers {@link dueInvitations} names invited, in this
   * transaction (a signature marks them with its own write); the accounts of the signers'
   * addresses by address, for the invitations' language and link. Absent: marked and read here.
   */
  invited?: Map<string, { lang: string }>;
  /**
   * The mail rows go here, for a statement of the caller's (the signature inserts them with its
   * events), instead of being inserted here.
   */
  into?: JobRows;
};

/**
 * Sends what is due after a request changed, in the caller's transaction (call it after every
 * signature, and after anything that can move the sequence):
 * - while OPEN: an invitation to every signer whose turn it is now (status OPEN) and who has
 *   not been invited yet (`invitedAt` is set, so nobody is invited twice);
 * - once SIGNED: the completion notice to every participant, once (`completionNotifiedAt`).
 * Records no events (the caller records what happened). Returns the addresses mailed. `known`:
 * the request as the transaction has it now (skips reading it again).
 */
export async function notifyNextSigners(
  tx: DbOrTx,
  requestId: string,
  config: RequestMailConfig,
  known?: KnownRequestState,
): Promise<{ invited: string[]; completed: string[] }> {
  let state = known;
  if (!state) {
    const [row] = await tx
      .select({ request: signatureRequests, owner: users })
      .from(signatureRequests)
      .innerJoin(users, eq(users.id, signatureRequests.ownerId))
      .where(and(eq(signatureRequests.id, requestId), isNull(signatureRequests.deletedAt)))
      .limit(1);
    if (!row) return { invited: [], completed: [] };
    const signerRows = await tx
      .select()
      .from(signers)
      .where(eq(signers.requestId, requestId))
      .orderBy(asc(signers.order), asc(signers.createdAt));
    state = { ...row, signers: signerRows };
  }
  const { request, owner, signers: signerRows } = state;
  const mail: MailRequest = {
    id: request.id,
    title: request.title,
    message: request.message,
    owner,
  };

  if (request.status === 'OPEN') {
    const due = dueInvitations(request.status, signerRows);
    if (due.length === 0) return { invited: [], completed: [] };
    const accounts = state.invited ?? (await markInvited(tx, due));
    // Direct signers get their link from whoever created the request, not from us.
    const byMail = due.filter((s) => s.directNonce === null);
    const business = await businessOf(tx, state);
    const branding = business ? brandingOf(config, business) : undefined;
    const mails: MailJobPayload[] = [];
    for (const s of byMail) {
      mails.push(await signerMail(tx, config, mail, s, 'request-invitation', accounts, branding));
    }
    await enqueueMails(tx, mails, state.into);
    return { invited: byMail.map((s) => s.email), completed: [] };
  }

  if (request.status === 'SIGNED' && !request.completionNotifiedAt) {
    const observerRows =
      state.observers ??
      (await tx.select().from(observers).where(eq(observers.requestId, requestId)));
    const emails = [...signerRows.map((s) => s.email), ...observerRows.map((o) => o.email)];
    if (!state.completionMarked) {
      await tx
        .update(signatureRequests)
        .set({ completionNotifiedAt: new Date() })
        .where(eq(signatureRequests.id, requestId));
    }
    // The business's settings: its logo in the mail, the files it attaches (spec section 3).
    const business = await businessOf(tx, state);
    const attach = business?.settings.mailService.attachments;
    const attachments: MailAttachmentRef[] = [
      ...(attach?.signedDocument.enabled ? [{ kind: 'documents' as const, requestId }] : []),
      ...(attach?.signatureProtocol.enabled ? [{ kind: 'protocol' as const, requestId }] : []),
    ];
    await mailParticipants(tx, config, mail, emails, 'request-completed', {
      direct: directSignerLangs(signerRows),
      ...(attachments.length ? { attachments } : {}),
      ...(business ? { branding: brandingOf(config, business) } : {}),
      ...(state.into ? { into: state.into } : {}),
    });
    return { invited: [], completed: [...new Set([owner.email, ...emails])] };
  }
  return { invited: [], completed: [] };
}

/** The request's business settings: as the caller knows them, else read. */
const businessOf = (tx: DbOrTx, state: KnownRequestState): Promise<TBusinessWithSettings | null> =>
  state.business !== undefined
    ? Promise.resolve(state.business)
    : settingsForRequest(tx, state.request.id, state.request.businessId);

/**
 * The signers to invite now: those whose turn it is on an open request (status OPEN) and who
 * have not been invited yet (`invitedAt` is set, so nobody is invited twice).
 */
export function dueInvitations<S extends TSignerRow>(
  status: TSignatureRequestRow['status'],
  signerRows: readonly S[],
): S[] {
  if (status !== 'OPEN') return [];
  const open = new Set(
    deriveSignerStatuses(status, signerRows)
      .filter((s) => s.status === 'OPEN' && !s.invitedAt)
      .map((s) => s.id),
  );
  return signerRows.filter((s) => open.has(s.id));
}

/**
 * Marks `due` invited (direct signers too: their turn has come) and finds the accounts of their
 * addresses (for language and link) in one round trip.
 */
async function markInvited(
  tx: DbOrTx,
  due: readonly TSignerRow[],
): Promise<Map<string, { lang: string }>> {
  const emails = [...new Set(due.map((s) => s.email.toLowerCase()))];
  const rows = rowsOf(
    await tx.execute(sql`
      with invited as (
        update signers set invited_at = ${new Date().toISOString()}::timestamptz
        where id in (${sql.join(
          due.map((s) => sql`${s.id}::uuid`),
          sql`, `,
        )})
      )
      select email, lang from users
      where email in (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((r) => [String(r.email).toLowerCase(), { lang: String(r.lang) }]));
}
