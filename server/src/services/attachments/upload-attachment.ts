import {
  ATTACHMENT_MEDIA_TYPES,
  type TAttachment,
  type TAttachmentExtension,
} from '@signet/shared/document/document.schema';
import { attachments } from '../../db/schema/attachments.ts';
import { AppError } from '../../errors.ts';
import type { Upload } from '../../http/upload.ts';
import { assertAction, loadRequestForActor } from '../signature-requests/load-for-actor.ts';
import type { SigningContext } from '../signing/context.ts';
import { attachmentRows, extensionOf, toAttachmentDto } from './attachment-rows.ts';
import { contentMatches } from './content-matches.ts';

/**
 * `POST …/attachments` (owner, while DRAFT or OPEN): one file received by the HTTP layer
 * (multipart `file`, or JSON `{ name, content }`) through `receive`, which is called only after
 * the caller may add one (strangers get 404 without their body being read), and stored from its
 * temporary file.
 */
export async function uploadAttachment(
  ctx: SigningContext,
  id: string,
  receive: (use: (upload: Upload) => Promise<TAttachment>) => Promise<TAttachment>,
): Promise<TAttachment> {
  const loaded = await loadRequestForActor(ctx.db, id, ctx.principal);
  assertAction(loaded, 'update');
  return receive((upload) => storeAttachment(ctx, id, upload));
}

async function storeAttachment(
  ctx: SigningContext,
  id: string,
  upload: Upload,
): Promise<TAttachment> {
  const given = upload.fields.name ?? upload.file.fileName ?? 'attachment';
  const name = given.split(/[\\/]/).pop()?.trim().slice(0, 255) || 'attachment';
  const ext = extensionOf(name);
  if (!ext || !(ext in ATTACHMENT_MEDIA_TYPES)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      415,
      `Attachments may be ${Object.keys(ATTACHMENT_MEDIA_TYPES).join(', ')} files.`,
    );
  }
  const { file } = upload;
  if (file.size === 0 || !contentMatches(ext as TAttachmentExtension, file.head)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, `The file is not a valid .${ext} file.`);
  }
  const contentType = ATTACHMENT_MEDIA_TYPES[ext as TAttachmentExtension];
  const put = await ctx.blobs.putFile(file.path, file, { contentType });
  const [row] = await ctx.db
    .insert(attachments)
    .values({ requestId: id, name, contentType, size: file.size, blobKey: put.key })
    .returning();
  if (!row) throw new Error('uploadAttachment: insert returned no row');
  const count = (await attachmentRows(ctx.db, id)).length;
  return toAttachmentDto(row, count);
}
