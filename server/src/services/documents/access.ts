import { and, eq, exists, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents, type TDocumentRow } from '../../db/schema/documents.ts';
import { observers } from '../../db/schema/observers.ts';
import { requestDocuments } from '../../db/schema/request-documents.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { signers } from '../../db/schema/signers.ts';
import { AppError } from '../../errors.ts';
import { loadActor } from '../signature-requests/load-for-actor.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one 404 for unknown, deleted and invisible documents, so ids cannot be probed. */
export const documentNotFound = (): AppError => new AppError('NOT_FOUND', 404, 'No such document');

export type VisibleDocument = {
  doc: TDocumentRow;
  isOwner: boolean;
  /** The (not deleted) requests carrying the document in which the caller takes part. */
  requestIds: string[];
};

/**
 * A document as one caller may see it: its owner, or a participant (owner, signer or observer
 * by e-mail) of a request that carries it. Everyone else, deleted documents and malformed ids
 * get 404 NOT_FOUND.
 */
export async function loadVisibleDocument(
  db: DbOrTx,
  documentId: string,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<VisibleDocument> {
  if (!UUID.test(documentId)) throw documentNotFound();
  const base = db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), isNull(documents.deletedAt)))
    .limit(1);
  const [doc] = options.forUpdate ? await base.for('update') : await base;
  if (!doc) throw documentNotFound();
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
          exists(
            db
              .select({ one: sql`1` })
              .from(signers)
              .where(
                and(eq(signers.requestId, signatureRequests.id), eq(signers.email, actor.email)),
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
    );
  const isOwner = doc.ownerId === userId;
  if (!isOwner && rows.length === 0) throw documentNotFound();
  return { doc, isOwner, requestIds: rows.map((r) => r.id) };
}
