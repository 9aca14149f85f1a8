import { and, eq, exists, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents, type TDocumentRow } from '../../db/schema/documents.ts';
import { observers } from '../../db/schema/observers.ts';
import { requestDocuments } from '../../db/schema/request-documents.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { signers } from '../../db/schema/signers.ts';
import { AppError } from '../../errors.ts';
import type { Principal } from '../context.ts';
import { type DirectSignerRef, loadActor } from '../signature-requests/load-for-actor.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The evidence actor of a viewer: the account, or the direct signer's slot (its id and address).
 */
export async function viewerActor(
  db: DbOrTx,
  viewer: DocumentViewer,
): Promise<{ id: string; email: string }> {
  if (typeof viewer === 'string') {
    const actor = await loadActor(db, { userId: viewer });
    return { id: actor.userId, email: actor.email };
  }
  const [slot] = await db
    .select({ id: signers.id, email: signers.email })
    .from(signers)
    .where(and(eq(signers.id, viewer.signerId), eq(signers.requestId, viewer.requestId)))
    .limit(1);
  if (!slot) throw documentNotFound();
  return slot;
}

/** The one 404 for unknown, deleted and invisible documents, so ids cannot be probed. */
export const documentNotFound = (): AppError => new AppError('NOT_FOUND', 404, 'No such document');

export type VisibleDocument = {
  doc: TDocumentRow;
  isOwner: boolean;
  /** The (not deleted) requests carrying the document in which the caller takes part. */
  requestIds: string[];
};

/**
 * Who looks at a document: an account (its user id), or a direct signer, who sees the documents
 * of their own request only.
 */
export type DocumentViewer = string | DirectSignerRef;

/** The viewer a caller is: a direct signer as themselves, an account by its user id. */
export const viewerOf = (principal: Principal): DocumentViewer =>
  principal.kind === 'nas' ? principal : principal.userId;

/**
 * A document as one caller may see it: its owner, or a participant (owner, or signer or
 * observer by e-mail once the request is sent) of a request that carries it; a direct signer,
 * when it belongs to their sent request.
 * Everyone else, deleted documents and malformed ids get 404 NOT_FOUND.
 * `requests: false`: the caller uses no `requestIds` of an owner, so an owner is answered from
 * the document row alone (`requestIds` then empty) — a cached page image is one read cheaper by
 * two statements.
 */
export async function loadVisibleDocument(
  db: DbOrTx,
  documentId: string,
  viewer: DocumentViewer,
  options: { forUpdate?: boolean; requests?: boolean } = {},
): Promise<VisibleDocument> {
  if (!UUID.test(documentId)) throw documentNotFound();
  const base = db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), isNull(documents.deletedAt)))
    .limit(1);
  const [doc] = options.forUpdate ? await base.for('update') : await base;
  if (!doc) throw documentNotFound();
  if (typeof viewer !== 'string') {
    const [carried] = await db
      .select({ id: signatureRequests.id })
      .from(requestDocuments)
      .innerJoin(signatureRequests, eq(signatureRequests.id, requestDocuments.requestId))
      .where(
        and(
          eq(requestDocuments.documentId, documentId),
          eq(requestDocuments.requestId, viewer.requestId),
          isNull(signatureRequests.deletedAt),
          ne(signatureRequests.status, 'DRAFT'),
        ),
      )
      .limit(1);
    if (!carried) throw documentNotFound();
    return { doc, isOwner: false, requestIds: [carried.id] };
  }
  const userId = viewer;
  if (options.requests === false && doc.ownerId === userId) {
    return { doc, isOwner: true, requestIds: [] };
  }
  const actor = await loadActor(db, { userId }).catch(() => null);
  if (!actor) throw documentNotFound();
  const rows = await db
    .select({ id: signatureRequests.id })
    .from(requestDocuments)
    .innerJoin(signatureRequests, eq(signatureRequests.id, requestDocuments.requestId))
    .where(
      and(
        eq(requestDocuments.documentId, documentId),
        isNull(signatureRequests.deletedAt),
        or(
          eq(signatureRequests.ownerId, userId),
          // Signers and observers see the documents once the request is sent, not its draft.
          and(
            ne(signatureRequests.status, 'DRAFT'),
            or(
              exists(
                db
                  .select({ one: sql`1` })
                  .from(signers)
                  .where(
                    and(
                      eq(signers.requestId, signatureRequests.id),
                      eq(signers.email, actor.email),
                    ),
                  ),
              ),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(observers)
                  .where(
                    and(
                      eq(observers.requestId, signatureRequests.id),
                      eq(observers.email, actor.email),
                    ),
                  ),
              ),
            ),
          ),
        ),
      ),
    );
  const isOwner = doc.ownerId === userId;
  if (!isOwner && rows.length === 0) throw documentNotFound();
  return { doc, isOwner, requestIds: rows.map((r) => r.id) };
}
