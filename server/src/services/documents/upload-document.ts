import type { TDocument } from '@signet/shared/signature-request/signature-request.schema';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { documents, type TDocumentRow } from '../../db/schema/documents.ts';
import { AppError } from '../../errors.ts';
import type { Upload, UploadedFile } from '../../http/upload.ts';
import { looksLikePdf } from '../../pdf/magic.ts';
import type { PdfSource } from '../../pdf/pool/jobs.ts';
import type { PdfPool } from '../../pdf/pool/pool.ts';
import type { PdfInspection } from '../../pdf/preflight.ts';
import { type BlobStore, sha256Hex } from '../../storage/blob-store.ts';
import { toDocumentDto } from '../signature-requests/request-dto.ts';
import { enqueueRender } from './render-job.ts';
import { enqueueStampSpace } from './stamp-space-job.ts';

/** The limits an upload is held to (MAX_UPLOAD_BYTES, MAX_PAGES, ALLOW_ACTIVE_CONTENT). */
export type UploadLimits = Pick<Config, 'maxUploadBytes' | 'maxPages' | 'allowActiveContent'>;

/** What storing a document needs: the blob store, the PDF workers and the limits. */
export type DocumentStoreDeps = { blobs: BlobStore; pdf: PdfPool; config: UploadLimits };

/** A PDF to store: an uploaded temporary file, or bytes given inline (base64 in a request). */
export type DocumentInput = {
  title?: string | undefined;
  fileName?: string | undefined;
} & ({ file: UploadedFile } | { bytes: Uint8Array });

const MIB = 1024 * 1024;
const mb = (n: number) => `${Math.round((n / MIB) * 10) / 10} MB`;

export const tooLarge = (limit: number, size?: number): AppError =>
  new AppError('DOCUMENT_TOO_LARGE', 413, `The file is larger than ${mb(limit)}.`, {
    limit,
    ...(size !== undefined ? { size } : {}),
  });

const notAPdf = () =>
  new AppError('NOT_A_PDF', 415, 'The file is not a PDF (it does not start with %PDF-).');

/** Refuses an upload from its first KiB when it is not a PDF (415 NOT_A_PDF), before the rest arrives. */
export function requirePdfHead(head: Uint8Array): void {
  if (head.byteLength < 5 || !looksLikePdf(head)) throw notAPdf();
}

/** A title from a file name: without directories and the .pdf extension. */
export function titleFromFileName(name: string | undefined): string | undefined {
  const base = (name ?? '').split(/[\\/]/).pop()?.trim() ?? '';
  const title = base.replace(/\.pdf$/i, '').trim();
  return title.length > 0 ? title.slice(0, 255) : undefined;
}

/**
 * Checks a PDF in a worker (pdf/preflight.ts) and throws a clear 4xx for what we refuse: not a
 * PDF (415 NOT_A_PDF), too large (413 DOCUMENT_TOO_LARGE), encrypted, damaged, no pages, too
 * many pages, active content, over a cap (422, see preflight.ts); 503 SERVER_BUSY when the
 * workers are saturated.
 */
export async function checkPdf(
  deps: Pick<DocumentStoreDeps, 'pdf' | 'config'>,
  input: DocumentInput,
): Promise<{ inspection: PdfInspection; sha256: string; size: number }> {
  const size = 'file' in input ? input.file.size : input.bytes.byteLength;
  const limits = deps.config;
  if (size > limits.maxUploadBytes) throw tooLarge(limits.maxUploadBytes, size);
  requirePdfHead('file' in input ? input.file.head : input.bytes.subarray(0, 1024));
  const sha256 = 'file' in input ? input.file.sha256 : sha256Hex(input.bytes);
  const source: PdfSource =
    'file' in input ? { sha256, path: input.file.path } : { sha256, bytes: input.bytes };
  const inspection = await deps.pdf.run('preflight', {
    source,
    options: { maxPages: limits.maxPages, allowActiveContent: limits.allowActiveContent },
  });
  return { inspection, sha256, size };
}

/**
 * Checks and stores one PDF for `ownerId`: the blob under its SHA-256 (streamed from the
 * upload's file), then in the caller's transaction the row and a render job for the first page
 * image. Nothing is stored when the check fails. Used by `POST /v3/documents` and by requests
 * created with inline documents.
 */
export async function storeDocument(
  tx: DbOrTx,
  deps: DocumentStoreDeps,
  ownerId: string,
  input: DocumentInput,
): Promise<TDocumentRow> {
  return saveDocument(tx, deps, ownerId, input, await checkPdf(deps, input));
}

/** Stores a PDF that passed {@link checkPdf}: the blob, the row, the first render job. */
async function saveDocument(
  tx: DbOrTx,
  deps: DocumentStoreDeps,
  ownerId: string,
  input: DocumentInput,
  { inspection, sha256, size }: Awaited<ReturnType<typeof checkPdf>>,
): Promise<TDocumentRow> {
  const title =
    input.title?.trim() ||
    titleFromFileName(input.fileName) ||
    inspection.title?.trim().slice(0, 255) ||
    'Document';
  const put =
    'file' in input
      ? await deps.blobs.putFile(
          input.file.path,
          { sha256, size },
          { contentType: 'application/pdf' },
        )
      : await deps.blobs.put(input.bytes, { contentType: 'application/pdf' });
  const [row] = await tx
    .insert(documents)
    .values({
      ownerId,
      title,
      size,
      pageCount: inspection.pages,
      sha256: put.sha256,
      blobKey: put.key,
      currentBlobKey: put.key,
    })
    .returning();
  if (!row) throw new Error('storeDocument: insert returned no row');
  await enqueueRender(tx, { sha256: put.sha256, page: 1 });
  await enqueueStampSpace(tx, row.id);
  return row;
}

/** `POST /v3/documents`: checks and stores one upload (read by the HTTP layer). */
export async function uploadDocument(
  deps: DocumentStoreDeps & { db: Db },
  ownerId: string,
  upload: Upload,
): Promise<TDocument> {
  const input: DocumentInput = {
    file: upload.file,
    title: upload.fields.title?.trim() ? upload.fields.title.trim().slice(0, 255) : undefined,
    fileName: upload.file.fileName,
  };
  // The check runs in a worker before the transaction: no connection is held while it waits.
  const checked = await checkPdf(deps, input);
  const row = await deps.db.transaction((tx) => saveDocument(tx, deps, ownerId, input, checked));
  return toDocumentDto(row);
}
