import type { TAttachment } from '@signet/shared/document/document.schema';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import { fileNameFromTitle } from '../documents/content-disposition.ts';
import type { FileOut, SigningContext } from '../signing/context.ts';
import { extensionOf, findAttachment, toAttachmentDto } from './attachment-rows.ts';

/** `GET …/attachments/{att}` (participants). */
export async function getAttachment(
  ctx: SigningContext,
  id: string,
  att: string,
): Promise<TAttachment> {
  const { row, n } = await findAttachment(ctx, id, att);
  return toAttachmentDto(row, n);
}

/** `GET …/attachments/{att}/content`: the file, named as uploaded, else '{id}_attachment-{n}.{ext}'. */
export async function getAttachmentContent(
  ctx: SigningContext,
  id: string,
  att: string,
): Promise<FileOut> {
  const { row, n } = await findAttachment(ctx, id, att);
  const bytes = await ctx.blobs.get(row.blobKey);
  if (!bytes) throw new BlobNotFoundError(row.blobKey);
  const ext = extensionOf(row.name) ?? 'bin';
  return {
    bytes,
    fileName: fileNameFromTitle(row.name, ext, `${id}_attachment-${n}.${ext}`),
    contentType: row.contentType,
  };
}
