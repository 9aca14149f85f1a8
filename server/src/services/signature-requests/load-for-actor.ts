import {
  checkAction,
  signerStatus,
  type TActorFacts,
  type TRequestFacts,
} from '@signet/shared/signature-request/signature-request.rules';
import type {
  TRequestAction,
  TSignerStatus,
} from '@signet/shared/signature-request/signature-request.schema';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents, type TDocumentRow } from '../../db/schema/documents.ts';
import { observers } from '../../db/schema/observers.ts';
import { requestDocuments } from '../../db/schema/request-documents.ts';
import {
  signatureRequests,
  type TSignatureRequestRow,
} from '../../db/schema/signature-requests.ts';
import { signers, type TSignerRow } from '../../db/schema/signers.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';

/** A caller's relation to a request. One person can hold several (an owner who also signs). */
export type RequestRole = 'owner' | 'signer' | 'observer';

/** A signer row with its derived status (see `signerStatus` in shared). */
export type LoadedSigner = TSignerRow & { status: TSignerStatus };

export type LoadedObserver = typeof observers.$inferSelect;

/** A document of the request with its position in the request. */
export type LoadedDocument = TDocumentRow & { position: number };

/** The person calling, as far as requests are concerned. */
export type RequestActor = { userId: string; email: string; lang: string; name: string };

/** Everything a use case needs about one request, loaded for one caller. */
export type LoadedRequest = {
  request: TSignatureRequestRow;
  owner: { id: string; email: string; firstName: string; lastName: string; lang: string };
  /** In request order (position). */
  documents: LoadedDocument[];
  /** In signing order (order, then creation). */
  signers: LoadedSigner[];
  observers: LoadedObserver[];
  /** The caller's roles; never empty from loadRequestForActor (strangers get 404). */
  roles: RequestRole[];
  actor: RequestActor;
  /** The caller's own signer slot (matched by e-mail), or null. */
  mySigner: LoadedSigner | null;
};

/** Anything with a user id: the route principal, or a user in a test or a job. */
export type ActorRef = { userId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one 404 every stranger, deleted request and malformed id gets, so ids cannot be probed. */
export const requestNotFound = (): AppError =>
  new AppError('NOT_FOUND', 404, 'No such signature request');

/** The caller's account facts (e-mail lowercased, language, name); 404 when the account is gone. */
export async function loadActor(db: DbOrTx, ref: ActorRef): Promise<RequestActor> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      lang: users.lang,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, ref.userId))
    .limit(1);
  if (!user) throw requestNotFound();
  return {
    userId: user.id,
    email: user.email.toLowerCase(),
    lang: user.lang,
    name: `${user.firstName} ${user.lastName}`.trim(),
  };
}

/**
 * Loads a request with its documents, signers (with derived status) and observers for one
 * caller, and decides the caller's roles.
 *
 * Decisions (ARCHITECTURE.md, issue "Signature requests end to end"):
 * - A caller is a participant when they own the request, or their account e-mail (lowercased)
 *   is a signer's or an observer's address. Signers are matched by e-mail, not by user id, so an
 *   invitation to an address works once someone signs up with it.
 * - Strangers, deleted requests (deletedAt set) and ids that are not UUIDs all get the same
 *   404 NOT_FOUND, before anything is written.
 * - `forUpdate` locks the request row (`SELECT … FOR UPDATE`) so concurrent state changes on the
 *   same request run one after the other; use it inside the transaction that writes.
 *
 * @throws AppError 404 NOT_FOUND
 */
export async function loadRequestForActor(
  tx: DbOrTx,
  requestId: string,
  principal: ActorRef,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedRequest> {
  const loaded = await loadRequestAsAnyone(tx, requestId, principal, options);
  if (loaded.roles.length === 0) throw requestNotFound();
  return loaded;
}

/**
 * Like {@link loadRequestForActor} but without the participant check: `roles` may be empty.
 * Only for the few calls that reach a request by something other than participation (a claim
 * link's token); everything else uses loadRequestForActor. Deleted requests are still 404.
 */
export async function loadRequestAsAnyone(
  tx: DbOrTx,
  requestId: string,
  principal: ActorRef,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedRequest> {
  if (!UUID.test(requestId)) throw requestNotFound();
  const actor = await loadActor(tx, principal);
  const base = tx
    .select()
    .from(signatureRequests)
    .where(and(eq(signatureRequests.id, requestId), isNull(signatureRequests.deletedAt)))
    .limit(1);
  const [request] = options.forUpdate ? await base.for('update') : await base;
  if (!request) throw requestNotFound();

  const [signerRows, observerRows] = await Promise.all([
    tx
      .select()
      .from(signers)
      .where(eq(signers.requestId, requestId))
      .orderBy(asc(signers.order), asc(signers.createdAt), asc(signers.id)),
    tx
      .select()
      .from(observers)
      .where(eq(observers.requestId, requestId))
      .orderBy(asc(observers.createdAt)),
  ]);

  const roles: RequestRole[] = [];
  if (request.ownerId === actor.userId) roles.push('owner');
  if (signerRows.some((s) => s.email === actor.email)) roles.push('signer');
  if (observerRows.some((o) => o.email === actor.email)) roles.push('observer');

  const [owner, docRows] = await Promise.all([
    tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        lang: users.lang,
      })
      .from(users)
      .where(eq(users.id, request.ownerId))
      .limit(1),
    tx
      .select({ document: documents, position: requestDocuments.position })
      .from(requestDocuments)
      .innerJoin(documents, eq(documents.id, requestDocuments.documentId))
      .where(eq(requestDocuments.requestId, requestId))
      .orderBy(asc(requestDocuments.position), asc(documents.createdAt)),
  ]);
  if (!owner[0]) throw requestNotFound();

  const withStatus = deriveSignerStatuses(request.status, signerRows);
  return {
    request,
    owner: owner[0],
    documents: docRows.map((r) => ({ ...r.document, position: r.position })),
    signers: withStatus,
    observers: observerRows,
    roles,
    actor,
    mySigner: withStatus.find((s) => s.email === actor.email) ?? null,
  };
}

/** Adds the derived status to every signer row. */
export function deriveSignerStatuses(
  requestStatus: TSignatureRequestRow['status'],
  rows: readonly TSignerRow[],
): LoadedSigner[] {
  return rows.map((s) => ({ ...s, status: signerStatus(requestStatus, s, rows) }));
}

/** The facts `checkAction` needs about a loaded request. */
export function requestFacts(loaded: LoadedRequest): TRequestFacts {
  return {
    status: loaded.request.status,
    documentCount: loaded.documents.length,
    signerCount: loaded.signers.length,
    anySigned: loaded.signers.some((s) => s.signedAt !== null),
  };
}

/** The facts `checkAction` needs about the caller. */
export function actorFacts(loaded: LoadedRequest): TActorFacts {
  return { isOwner: loaded.roles.includes('owner'), signerStatus: loaded.mySigner?.status ?? null };
}

/**
 * Asks the shared rules (`checkAction`) whether the caller may do `action` now, and throws the
 * verdict as an AppError (403 NOT_ALLOWED, 409 with the rule's code) when not. Every state
 * change goes through here, so the rules live in one place.
 */
export function assertAction(loaded: LoadedRequest, action: TRequestAction): void {
  const verdict = checkAction(action, requestFacts(loaded), actorFacts(loaded));
  if (!verdict.ok) throw new AppError(verdict.code, verdict.status, verdict.message);
}
