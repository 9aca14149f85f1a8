import type { TAttachment } from '@signet/shared/document/document.schema';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachments } from '../../db/schema/attachments.ts';
import { AppError } from '../../errors.ts';
import { loadRequestForActor } from '../signature-requests/load-for-actor.ts';
import type { SigningContext } from '../signing/context.ts';

export type AttachmentRow = typeof attachments.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const attachmentNotFound = () => new AppError('NOT_FOUND', 404, 'No such attachment');

export const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();

export function toAttachmentDto(row: AttachmentRow, n: number): TAttachment {
  return {
    id: row.id,
    n,
    name: row.name,
    content_type: row.contentType,
    size: row.size,
    created_at: row.createdAt.toISOString(),
  };
}

export async function attachmentRows(db: Db, requestId: string): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(attachments)
    .where(eq(attachments.requestId, requestId))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
}

/** The attachment `att` of request `id` for a participant (404 for anything else), with its number. */
export async function findAttachment(ctx: SigningContext, id: string, att: string) {
  const loaded = await loadRequestForActor(ctx.db, id, ctx.principal);
  if (!UUID.test(att)) throw attachmentNotFound();
  const rows = await attachmentRows(ctx.db, id);
  const index = rows.findIndex((r) => r.id === att);
  const row = rows[index];
  if (!row) throw attachmentNotFound();
  return { loaded, row, n: index + 1 };
}
