import {
  ATTACHMENT_MEDIA_TYPES,
  type TAttachment,
  type TAttachmentExtension,
  ZAttachmentUploadSchema,
} from '@signet/shared/document/document.schema';
import { attachments } from '../../db/schema/attachments.ts';
import { AppError, isAppError } from '../../errors.ts';
import { readMultipartFile } from '../../http/pdf-body.ts';
import { parseOrThrow, readJsonBody } from '../../http/validation.ts';
import { tooLarge } from '../documents/upload-document.ts';
import { assertAction, loadRequestForActor } from '../signature-requests/load-for-actor.ts';
import type { SigningContext } from '../signing/context.ts';
import { attachmentRows, extensionOf, toAttachmentDto } from './attachment-rows.ts';
import { contentMatches } from './content-matches.ts';

/** `POST …/attachments` (owner, while DRAFT or OPEN): multipart `file`, or JSON `{ name, content }`. */
export async function uploadAttachment(
  ctx: SigningContext,
  id: string,
  req: Request,
): Promise<TAttachment> {
  const loaded = await loadRequestForActor(ctx.db, id, ctx.principal);
  assertAction(loaded, 'update');
  const max = ctx.config.maxUploadBytes;
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  let name: string;
  let bytes: Uint8Array;
  if (type.startsWith('multipart/form-data')) {
    const file = await readMultipartFile(req, max);
    name = file.name || 'attachment';
    bytes = file.bytes;
  } else if (type === '' || type.startsWith('application/json')) {
    let body: unknown;
    try {
      body = await readJsonBody(req, Math.ceil((max * 4) / 3) + 64 * 1024);
    } catch (e) {
      if (isAppError(e) && e.code === 'PAYLOAD_TOO_LARGE') throw tooLarge(max);
      throw e;
    }
    const parsed = parseOrThrow(ZAttachmentUploadSchema, body, 'body');
    name = parsed.name;
    bytes = new Uint8Array(Buffer.from(parsed.content, 'base64'));
    if (bytes.byteLength > max) throw tooLarge(max, bytes.byteLength);
  } else {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      415,
      'Send the file as multipart/form-data or JSON.',
    );
  }
  const ext = extensionOf(name);
  if (!ext || !(ext in ATTACHMENT_MEDIA_TYPES)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      415,
      `Attachments may be ${Object.keys(ATTACHMENT_MEDIA_TYPES).join(', ')} files.`,
    );
  }
  if (bytes.byteLength === 0 || !contentMatches(ext as TAttachmentExtension, bytes)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, `The file is not a valid .${ext} file.`);
  }
  const put = await ctx.blobs.put(bytes, {
    contentType: ATTACHMENT_MEDIA_TYPES[ext as TAttachmentExtension],
  });
  const [row] = await ctx.db
    .insert(attachments)
    .values({
      requestId: id,
      name,
      contentType: ATTACHMENT_MEDIA_TYPES[ext as TAttachmentExtension],
      size: bytes.byteLength,
      blobKey: put.key,
    })
    .returning();
  if (!row) throw new Error('uploadAttachment: insert returned no row');
  const count = (await attachmentRows(ctx.db, id)).length;
  return toAttachmentDto(row, count);
}
