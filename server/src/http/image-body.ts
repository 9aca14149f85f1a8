import { LOGO_LIMITS } from '@signet/shared/business/business.constants';
import { SIGNATURE_IMAGE_LIMITS } from '@signet/shared/visual-signature/visual-signature.constants';
import { AppError } from '../errors.ts';
import { readLimited, validationFailed } from './validation.ts';

const MIB = 1024 * 1024;

/**
 * The multipart field `file` of a body of at most `maxBytes` (what `tooBig` makes past it), with
 * its name without directories; 400 VALIDATION_FAILED without one. Small files only (a logo):
 * PDFs are streamed by upload.ts.
 */
async function readMultipartFile(
  req: Request,
  maxBytes: number,
  tooBig: (maxBytes: number, size?: number) => AppError,
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

/** A PNG or JPEG as the request body, with its type and pixel size. */
export type TImage = {
  bytes: Uint8Array;
  type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
};

const imageTooLarge = () =>
  new AppError('IMAGE_TOO_LARGE', 413, `The image may have at most ${LOGO_LIMITS.maxBytes} bytes.`);
const notAnImage = () =>
  new AppError('NOT_AN_IMAGE', 415, 'Send a PNG or JPEG image (image/png or image/jpeg).');
const unreadable = () => new AppError('IMAGE_UNREADABLE', 422, 'The image cannot be read.');

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const isPng = (b: Uint8Array) => PNG_SIGNATURE.every((v, i) => b[i] === v);
const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 24) return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (String.fromCharCode(b[12] ?? 0, b[13] ?? 0, b[14] ?? 0, b[15] ?? 0) !== 'IHDR') return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Width and height from a JPEG's first start-of-frame marker (a walk over segment headers). */
function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    const length = ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0);
    if (length < 2) return null;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const height = ((b[i + 5] ?? 0) << 8) | (b[i + 6] ?? 0);
      const width = ((b[i + 7] ?? 0) << 8) | (b[i + 8] ?? 0);
      return { width, height };
    }
    i += 2 + length;
  }
  return null;
}

/**
 * The body (raw, or the multipart field `file`) as a company logo: PNG or JPEG by its magic
 * bytes (a raw body's declared type must agree), at
 * most LOGO_LIMITS bytes (413 IMAGE_TOO_LARGE) and pixels a side (422). Only headers are read —
 * a constant amount of work whatever the file holds; the image is never decoded here and is
 * served with its checked type and `nosniff`.
 */
export async function readImageBody(req: Request): Promise<TImage> {
  const declared =
    (req.headers.get('content-type') ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  const multipart = declared === 'multipart/form-data';
  if (!multipart && !(LOGO_LIMITS.types as readonly string[]).includes(declared)) {
    throw notAnImage();
  }
  // The browsers' one upload path sends the multipart field `file`; API clients may send it raw.
  const bytes = multipart
    ? (await readMultipartFile(req, LOGO_LIMITS.maxBytes, imageTooLarge)).bytes
    : await readLimited(req, LOGO_LIMITS.maxBytes, () => imageTooLarge());
  const type = isPng(bytes) ? 'image/png' : isJpeg(bytes) ? 'image/jpeg' : null;
  if (!type || (!multipart && type !== declared)) throw notAnImage();
  const size = type === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  if (!size) throw unreadable();
  if (size.width < 1 || size.height < 1) throw unreadable();
  if (size.width > LOGO_LIMITS.maxSide || size.height > LOGO_LIMITS.maxSide) {
    throw new AppError(
      'IMAGE_TOO_LARGE',
      413,
      `The image may be at most ${LOGO_LIMITS.maxSide} pixels a side.`,
    );
  }
  return { bytes, type, ...size };
}

const signatureImageTooLarge = () =>
  new AppError('IMAGE_TOO_LARGE', 413, 'The image is larger than 5 MiB.', {
    limit: SIGNATURE_IMAGE_LIMITS.maxBytes,
  });

/**
 * A signature image sent as the body (any image or octet-stream type: the content decides, not
 * the label) or as the multipart field `file`; at most 5 MiB (413 IMAGE_TOO_LARGE) read, never
 * more. What the bytes are is checked later (signature-image.ts), where it is also decoded and
 * re-encoded on an image thread — unlike a logo, which is only served back.
 */
export async function readSignatureImageBody(req: Request): Promise<Uint8Array> {
  const max = SIGNATURE_IMAGE_LIMITS.maxBytes;
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    return (await readMultipartFile(req, max, signatureImageTooLarge)).bytes;
  }
  return readLimited(req, max, signatureImageTooLarge);
}
