import {
  ATTACHMENT_MEDIA_TYPES,
  type TAttachment,
  type TAttachmentExtension,
  type TReport,
  ZAttachmentUploadSchema,
} from '@signet/shared/document/document.schema';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { attachments } from '../../db/schema/attachments.ts';
import { documents } from '../../db/schema/documents.ts';
import { AppError, isAppError } from '../../errors.ts';
import { type EventMeta, recordEvent } from '../../evidence/record-event.ts';
import {
  parseOrThrow,
  readJsonBody,
  readLimited,
  validationFailed,
} from '../../http/validation.ts';
// The protocol module (pdf-lib, pkijs) loads on first use, off the server's start-up path.
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store.ts';
import { createZip, uniqueNames } from '../../zip/zip.ts';
import { fileNameFromTitle } from '../documents/content-disposition.ts';
import { tooLarge } from '../documents/upload-document.ts';
import { assertAction, loadRequestForActor } from '../signature-requests/load-for-actor.ts';
import { platformCa } from './platform-ca.ts';
import { loadReport } from './report-data.ts';

export type FilesContext = {
  db: Db;
  store: BlobStore;
  config: Pick<Config, 'secret' | 'maxUploadBytes'>;
  principal: { userId: string };
  meta: EventMeta;
};

export type FileOut = { bytes: Uint8Array; fileName: string; contentType: string };

/**
 * `GET …/report?type=`: the protocol. pdf: the stored, signed protocol once the request is
 * complete; before that one built and signed now from the log as it stands. json / html: the
 * same facts.
 */
export async function getReport(
  ctx: FilesContext,
  id: string,
  type: 'pdf' | 'json' | 'html',
): Promise<{ kind: 'json'; report: TReport } | { kind: 'file'; file: FileOut }> {
  const loaded = await loadRequestForActor(ctx.db, id, ctx.principal);
  if (type === 'pdf' && loaded.request.protocolBlobKey) {
    const bytes = await ctx.store.get(loaded.request.protocolBlobKey);
    if (!bytes) throw new BlobNotFoundError(loaded.request.protocolBlobKey);
    return {
      kind: 'file',
      file: { bytes, fileName: `${id}_protocol.pdf`, contentType: 'application/pdf' },
    };
  }
  const report = await loadReport(ctx.db, loaded);
  if (type === 'json') return { kind: 'json', report };
  if (type === 'html') {
    return {
      kind: 'file',
      file: {
        bytes: new TextEncoder().encode(
          (await import('../../pdf/protocol.ts')).protocolHtml(report),
        ),
        fileName: `${id}_protocol.html`,
        contentType: 'text/html; charset=utf-8',
      },
    };
  }
  const ca = await platformCa(ctx.db, ctx.config.secret);
  const { buildSignedProtocol } = await import('../../pdf/protocol.ts');
  const bytes = await buildSignedProtocol(report, ca.platformSigner);
  return {
    kind: 'file',
    file: { bytes, fileName: `${id}_protocol.pdf`, contentType: 'application/pdf' },
  };
}

/**
 * `GET …/zip`: every document in its current (signed) version, named after its title, plus the
 * signed protocol once the request is complete. Logged as 'downloaded'.
 */
export async function getZip(ctx: FilesContext, id: string): Promise<FileOut> {
  return ctx.db.transaction(async (tx) => {
    const loaded = await loadRequestForActor(tx, id, ctx.principal);
    const entries: { name: string; data: Uint8Array }[] = [];
    for (const d of loaded.documents) {
      const data = await ctx.store.get(d.currentBlobKey);
      if (!data) throw new BlobNotFoundError(d.currentBlobKey);
      entries.push({ name: fileNameFromTitle(d.title, 'pdf', `${d.id}.pdf`), data });
    }
    const protocolKey = loaded.request.protocolBlobKey;
    if (loaded.request.status === 'SIGNED' && protocolKey) {
      const data = await ctx.store.get(protocolKey);
      if (!data) throw new BlobNotFoundError(protocolKey);
      entries.push({ name: `${id}_protocol.pdf`, data });
    }
    const names = uniqueNames(entries.map((e) => e.name));
    const bytes = createZip(entries.map((e, i) => ({ name: names[i] as string, data: e.data })));
    await recordEvent(tx, {
      requestId: id,
      type: 'downloaded',
      actor: { id: loaded.actor.userId, email: loaded.actor.email },
      meta: ctx.meta,
      data: { what: 'zip', files: names },
    });
    return {
      bytes,
      fileName: fileNameFromTitle(loaded.request.title, 'zip', `${id}.zip`),
      contentType: 'application/zip',
    };
  });
}

// ---------------------------------------------------------------------------------------------
// attachments

type AttachmentRow = typeof attachments.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const attachmentNotFound = () => new AppError('NOT_FOUND', 404, 'No such attachment');

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();

function toAttachmentDto(row: AttachmentRow, n: number): TAttachment {
  return {
    id: row.id,
    n,
    name: row.name,
    content_type: row.contentType,
    size: row.size,
    created_at: row.createdAt.toISOString(),
  };
}

async function attachmentRows(db: Db, requestId: string): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(attachments)
    .where(eq(attachments.requestId, requestId))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
}

/** Whether the first bytes fit the media type the extension claims. */
export function contentMatches(ext: TAttachmentExtension, b: Uint8Array): boolean {
  const ascii = (from: number, to: number) => Buffer.from(b.subarray(from, to)).toString('latin1');
  switch (ext) {
    case 'pdf':
      return ascii(0, 1024).includes('%PDF-');
    case 'png':
      return ascii(0, 8) === '\x89PNG\r\n\x1a\n';
    case 'jpg':
    case 'jpeg':
      return b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
    case 'gif':
      return ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a';
    case 'webp':
      return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
    case 'avi':
      return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ';
    case 'mp4':
    case 'mov':
      return ['ftyp', 'moov', 'mdat', 'wide', 'free'].includes(ascii(4, 8));
    case 'mkv':
      return b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3;
    case 'svg':
      return /<svg[\s>]/i.test(Buffer.from(b.subarray(0, 4096)).toString('utf8'));
  }
}

/** `GET …/attachments` (participants). */
export async function listAttachments(
  ctx: FilesContext,
  id: string,
): Promise<{ items: TAttachment[] }> {
  await loadRequestForActor(ctx.db, id, ctx.principal);
  const rows = await attachmentRows(ctx.db, id);
  return { items: rows.map((r, i) => toAttachmentDto(r, i + 1)) };
}

async function findAttachment(ctx: FilesContext, id: string, att: string) {
  const loaded = await loadRequestForActor(ctx.db, id, ctx.principal);
  if (!UUID.test(att)) throw attachmentNotFound();
  const rows = await attachmentRows(ctx.db, id);
  const index = rows.findIndex((r) => r.id === att);
  const row = rows[index];
  if (!row) throw attachmentNotFound();
  return { loaded, row, n: index + 1 };
}

/** `GET …/attachments/{att}` (participants). */
export async function getAttachment(
  ctx: FilesContext,
  id: string,
  att: string,
): Promise<TAttachment> {
  const { row, n } = await findAttachment(ctx, id, att);
  return toAttachmentDto(row, n);
}

/** `GET …/attachments/{att}/content`: the file, named as uploaded, else '{id}_attachment-{n}.{ext}'. */
export async function getAttachmentContent(
  ctx: FilesContext,
  id: string,
  att: string,
): Promise<FileOut> {
  const { row, n } = await findAttachment(ctx, id, att);
  const bytes = await ctx.store.get(row.blobKey);
  if (!bytes) throw new BlobNotFoundError(row.blobKey);
  const ext = extensionOf(row.name) ?? 'bin';
  return {
    bytes,
    fileName: fileNameFromTitle(row.name, ext, `${id}_attachment-${n}.${ext}`),
    contentType: row.contentType,
  };
}

/** `POST …/attachments` (owner, while DRAFT or OPEN): multipart `file`, or JSON `{ name, content }`. */
export async function uploadAttachment(
  ctx: FilesContext,
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
    const raw = await readLimited(req, max + 1024 * 1024, () => tooLarge(max));
    const form = await new Response(raw, { headers: { 'content-type': type } })
      .formData()
      .catch(() => null);
    const file = form?.get('file');
    if (!file || typeof file === 'string') {
      throw validationFailed(
        [{ in: 'body', path: ['file'], code: 'required', message: 'a file is required' }],
        'Invalid request: send the file in the multipart field "file"',
      );
    }
    if (file.size > max) throw tooLarge(max, file.size);
    name = (file.name || 'attachment').split(/[\\/]/).pop()?.trim().slice(0, 255) || 'attachment';
    bytes = new Uint8Array(await file.arrayBuffer());
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
  const put = await ctx.store.put(bytes, {
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

/** `DELETE …/attachments/{att}` (owner, while DRAFT or OPEN). */
export async function deleteAttachment(ctx: FilesContext, id: string, att: string): Promise<void> {
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
  if (byAttachment.length === 0 && byDocument.length === 0) await ctx.store.delete(row.blobKey);
}
