import type { TAttachment } from '@signet/shared/document/document.schema';
import { loadRequestForActor } from '../signature-requests/load-for-actor.ts';
import type { SigningContext } from '../signing/context.ts';
import { attachmentRows, toAttachmentDto } from './attachment-rows.ts';

/** `GET …/attachments` (participants). */
export async function listAttachments(
  ctx: SigningContext,
  id: string,
): Promise<{ items: TAttachment[] }> {
  await loadRequestForActor(ctx.db, id, ctx.principal);
  const rows = await attachmentRows(ctx.db, id);
  return { items: rows.map((r, i) => toAttachmentDto(r, i + 1)) };
}
