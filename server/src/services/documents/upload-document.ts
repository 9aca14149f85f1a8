import type { TDocument } from '@signet/shared/signature-request/signature-request.schema';
import { ZDocumentUploadSchema } from '@signet/shared/signature-request/signature-request.schema';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { documents, type TDocumentRow } from '../../db/schema/documents.ts';
import { AppError, isAppError } from '../../errors.ts';
import {
  parseOrThrow,
  readJsonBody,
  readLimited,
  validationFailed,
} from '../../http/validation.ts';
// inspect.ts (libpdf) loads on first upload, off the server's start-up path.
import type { BlobStore } from '../../storage/blob-store.ts';
import { toDocumentDto } from '../signature-requests/request-dto.ts';
import { enqueueRender } from './render-job.ts';

/** The upload limits (MAX_UPLOAD_BYTES, MAX_PAGES). */
export type UploadLimits = Pick<Config, 'maxUploadBytes' | 'maxPages'>;

/** An upload as read from the request, not yet checked. */
export type UploadInput = { title: string; bytes: Uint8Array };

const MIB = 1024 * 1024;
const mb = (n: number) => `${Math.round((n / MIB) * 10) / 10} MB`;

export const tooLarge = (limit: number, size?: number): AppError =>
  new AppError('DOCUMENT_TOO_LARGE', 413, `The file is larger than ${mb(limit)}.`, {
    limit,
    ...(size !== undefined ? { size } : {}),
  });

/** A title from a file name: without directories and the .pdf extension. */
export function titleFromFileName(name: string | undefined): string | undefined {
  const base = (name ?? '').split(/[\\/]/).pop()?.trim() ?? '';
  const title = base.replace(/\.pdf$/i, '').trim();
  return title.length > 0 ? title.slice(0, 255) : undefined;
}

/**
 * Reads one upload from the request: `multipart/form-data` with the PDF in field `file` (and an
 * optional `title`), or JSON `{ title, content }` with the PDF in base64. The body may be at most
 * the upload limit plus framing (base64 is 4/3 of the file); larger → 413 before parsing.
 */
export async function readUpload(
  req: Request,
  maxBytes: number,
  options: { fileField?: string; titleField?: string } = {},
): Promise<{ title: string | undefined; bytes: Uint8Array; fileName: string | undefined }> {
  // The media type is case-insensitive, the multipart boundary is not (Chromium's has capitals).
  const contentType = req.headers.get('content-type') ?? '';
  const type = contentType.toLowerCase();
  const fileField = options.fileField ?? 'file';
  if (type.startsWith('multipart/form-data')) {
    const raw = await readLimited(req, maxBytes + MIB, () => tooLarge(maxBytes));
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw validationFailed(
        [
          {
            in: 'body',
            path: [],
            code: 'invalid_multipart',
            message: 'not a valid multipart body',
          },
        ],
        'Invalid request: the multipart body cannot be read',
      );
    }
    const file = form.get(fileField);
    if (!file || typeof file === 'string') {
      throw validationFailed(
        [{ in: 'body', path: [fileField], code: 'required', message: 'a file is required' }],
        `Invalid request: send the file in the multipart field "${fileField}"`,
      );
    }
    if (file.size > maxBytes) throw tooLarge(maxBytes, file.size);
    const title = form.get(options.titleField ?? 'title');
    return {
      title: typeof title === 'string' && title.trim() ? title.trim().slice(0, 255) : undefined,
      bytes: new Uint8Array(await file.arrayBuffer()),
      fileName: file.name || undefined,
    };
  }
  if (type === '' || type.startsWith('application/json')) {
    let body: unknown;
    try {
      body = await readJsonBody(req, Math.ceil((maxBytes * 4) / 3) + 64 * 1024);
    } catch (e) {
      if (isAppError(e) && e.code === 'PAYLOAD_TOO_LARGE') throw tooLarge(maxBytes);
      throw e;
    }
    const parsed = parseOrThrow(ZDocumentUploadSchema, body, 'body');
    const bytes = new Uint8Array(Buffer.from(parsed.content, 'base64'));
    if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes, bytes.byteLength);
    return { title: parsed.title, bytes, fileName: undefined };
  }
  throw new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    415,
    'Send the file as multipart/form-data (field "file") or as JSON { title, content }.',
  );
}

/**
 * Checks an uploaded PDF and throws a clear 4xx for what we refuse: not a PDF (415 NOT_A_PDF),
 * too large (413 DOCUMENT_TOO_LARGE), encrypted (422 PDF_ENCRYPTED), damaged (422
 * PDF_UNREADABLE), no pages (422 PDF_NO_PAGES), too many pages (422 TOO_MANY_PAGES).
 * Returns the page count and the title found in the file.
 */
export async function checkPdf(
  bytes: Uint8Array,
  limits: UploadLimits,
): Promise<{ pages: number; title?: string }> {
  if (bytes.byteLength > limits.maxUploadBytes)
    throw tooLarge(limits.maxUploadBytes, bytes.byteLength);
  const { inspectPdf, looksLikePdf } = await import('../../pdf/inspect.ts');
  if (bytes.byteLength < 5 || !looksLikePdf(bytes)) {
    throw new AppError('NOT_A_PDF', 415, 'The file is not a PDF (it does not start with %PDF-).');
  }
  const info = await inspectPdf(bytes);
  if (info.pages > limits.maxPages) {
    throw new AppError(
      'TOO_MANY_PAGES',
      422,
      `The PDF has ${info.pages} pages; at most ${limits.maxPages} are allowed.`,
      { pages: info.pages, limit: limits.maxPages },
    );
  }
  return { pages: info.pages, ...(info.title ? { title: info.title } : {}) };
}

/**
 * Checks and stores one PDF for `ownerId`, in the caller's transaction: the blob under its
 * SHA-256, the row, and a render job for the first page image. Nothing is stored when the
 * check fails. Used by `POST /v3/documents` and by requests created with inline documents.
 */
export async function storeDocument(
  tx: DbOrTx,
  store: BlobStore,
  limits: UploadLimits,
  ownerId: string,
  input: { title?: string | undefined; bytes: Uint8Array; fileName?: string | undefined },
): Promise<TDocumentRow> {
  const { pages, title: pdfTitle } = await checkPdf(input.bytes, limits);
  const title =
    input.title?.trim() ||
    titleFromFileName(input.fileName) ||
    pdfTitle?.trim().slice(0, 255) ||
    'Document';
  const put = await store.put(input.bytes, { contentType: 'application/pdf' });
  const [row] = await tx
    .insert(documents)
    .values({
      ownerId,
      title,
      size: input.bytes.byteLength,
      pageCount: pages,
      sha256: put.sha256,
      blobKey: put.key,
      currentBlobKey: put.key,
    })
    .returning();
  if (!row) throw new Error('storeDocument: insert returned no row');
  await enqueueRender(tx, { sha256: put.sha256, page: 1 });
  return row;
}

/** `POST /v3/documents`: reads, checks and stores one upload. */
export async function uploadDocument(
  db: Db,
  store: BlobStore,
  limits: UploadLimits,
  ownerId: string,
  req: Request,
): Promise<TDocument> {
  const upload = await readUpload(req, limits.maxUploadBytes);
  const row = await db.transaction((tx) => storeDocument(tx, store, limits, ownerId, upload));
  return toDocumentDto(row);
}
