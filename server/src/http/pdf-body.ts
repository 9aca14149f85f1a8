import { AppError } from '../errors.ts';
import { tooLarge } from '../services/documents/upload-document.ts';
import { readLimited, validationFailed } from './validation.ts';

const MIB = 1024 * 1024;

/**
 * The multipart field `file` of a body of at most `maxBytes` (413 DOCUMENT_TOO_LARGE, or what
 * `tooBig` makes), with its
 * name without directories; 400 VALIDATION_FAILED without one.
 */
export async function readMultipartFile(
  req: Request,
  maxBytes: number,
  tooBig: (maxBytes: number, size?: number) => AppError = tooLarge,
): Promise<{ name: string; bytes: Uint8Array }> {
  const type = req.headers.get('content-type') ?? '';
  const raw = await readLimited(req, maxBytes + MIB, () => tooBig(maxBytes));
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
  if (file.size > maxBytes) throw tooBig(maxBytes, file.size);
  const name = (file.name || '').split(/[\\/]/).pop()?.trim().slice(0, 255) ?? '';
  return { name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * A PDF sent as the body: raw (`application/pdf` or `application/octet-stream`) or as the
 * multipart field `file`, at most `maxBytes` (413 DOCUMENT_TOO_LARGE); any other media type is
 * 415 UNSUPPORTED_MEDIA_TYPE.
 */
export async function readPdfBody(req: Request, maxBytes: number): Promise<Uint8Array> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('application/pdf') || type.startsWith('application/octet-stream')) {
    return readLimited(req, maxBytes, () => tooLarge(maxBytes));
  }
  if (type.startsWith('multipart/form-data')) {
    return (await readMultipartFile(req, maxBytes)).bytes;
  }
  throw new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    415,
    'Send the PDF as application/pdf or as the multipart field "file".',
  );
}
