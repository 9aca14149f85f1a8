import { eq, inArray } from 'drizzle-orm';
import { documents } from '../../db/schema/documents.ts';
import { requestDocuments } from '../../db/schema/request-documents.ts';
import type { SigningContext } from './context.ts';

/**
 * Parses the current version of every document of `requestIds` into the parsed-document cache
 * (pdf/parsed-cache.ts `parseAhead`), after the current call has answered: a signature that
 * waits for its signer's TAN is signed on these versions unless someone signs first, and the
 * parse (≈ 15 ms of CPU for the 1.2 MB pdfTeX bench document) then runs while the signer reads
 * the code, not in the signing call. Nothing is stored and nothing depends on it: a version that
 * moved on, a restart or another instance only means the signature parses, as without it.
 * Only requests the caller signs (the trust step's own rows), one document after the other.
 */
export function parseDocumentsAhead(
  ctx: Pick<SigningContext, 'db' | 'blobs' | 'log'>,
  requestIds: readonly string[],
): void {
  if (requestIds.length === 0) return;
  setImmediate(() => {
    parse(ctx, requestIds).catch((err: unknown) =>
      ctx.log?.warn({ err }, 'parsing documents ahead of a signature failed'),
    );
  });
}

async function parse(
  ctx: Pick<SigningContext, 'db' | 'blobs'>,
  requestIds: readonly string[],
): Promise<void> {
  const [{ parseAhead }, rows] = await Promise.all([
    import('../../pdf/parsed-cache.ts'),
    ctx.db
      .selectDistinct({ key: documents.currentBlobKey, size: documents.size })
      .from(requestDocuments)
      .innerJoin(documents, eq(documents.id, requestDocuments.documentId))
      .where(inArray(requestDocuments.requestId, [...requestIds])),
  ]);
  // `size` is the upload's: later versions are a few KB per signature larger.
  for (const { key, size } of rows) await parseAhead(key, size, () => ctx.blobs.get(key));
}
