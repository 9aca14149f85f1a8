import type { TDocument } from '@signet/shared/signature-request/signature-request.schema';
import type { ServiceContext } from '../context.ts';
import { toDocumentDto } from '../signature-requests/request-dto.ts';
import { loadVisibleDocument } from './access.ts';

/** `GET /v3/documents/{id}`: the owner and participants of a request carrying it; else 404. */
export async function getDocument(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  documentId: string,
): Promise<TDocument> {
  const { doc } = await loadVisibleDocument(ctx.db, documentId, ctx.principal.userId);
  return toDocumentDto(doc);
}
