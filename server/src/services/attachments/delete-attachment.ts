import { and, eq, or } from 'drizzle-orm';
import { attachments } from '../../db/schema/attachments.ts';
import { documents } from '../../db/schema/documents.ts';
import { assertAction } from '../signature-requests/load-for-actor.ts';
import type { SigningContext } from '../signing/context.ts';
import { findAttachment } from './attachment-rows.ts';

/** `DELETE …/attachments/{att}` (owner, while DRAFT or OPEN). */
export async function deleteAttachment(
  ctx: SigningContext,
  id: string,
  att: string,
): Promise<void> {
  const { loaded, row } = await findAttachment(ctx, id, att);
  assertAction(loaded, 'update');
  await ctx.db
    .delete(attachments)
    .where(and(eq(attachments.id, row.id), eq(attachments.requestId, id)));
  // Blobs are content-addressed: keep the bytes while another attachment or a document has them.
  const [byAttachment, byDocument] = await Promise.all([
    ctx.db
      .select({ id: attachments.id })
      .from(attachments)
      .where(eq(attachments.blobKey, row.blobKey))
      .limit(1),
    ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(or(eq(documents.blobKey, row.blobKey), eq(documents.currentBlobKey, row.blobKey)))
      .limit(1),
  ]);
  if (byAttachment.length === 0 && byDocument.length === 0) await ctx.blobs.delete(row.blobKey);
}
