import { SIGNATURE_IMAGE_LIMITS } from '@signet/shared/visual-signature/visual-signature.constants';
import { AppError } from '../errors.ts';
import { ThreadCallError, threadCall } from '../threads/thread-call.ts';
import { readImageHeader } from './image-header.ts';
import type { SignatureImageJob, SignatureImageResult } from './signature-image.worker.ts';
import { looksLikeSvg, sizedSvg } from './svg.ts';

const convert = threadCall<SignatureImageJob, SignatureImageResult>(
  new URL('./signature-image.worker.ts', import.meta.url),
  { timeoutMs: 10_000, resourceLimits: { maxOldGenerationSizeMb: 128 } },
);

/**
 * A signature image as uploaded or drawn, made safe to keep and to embed: checked by content
 * (PNG or JPEG signature and header; 415 UNSUPPORTED_IMAGE for a script, a PDF, …; an SVG only
 * where `svg` allows it — a seal's image — and then only a self-contained one, see svg.ts),
 * size (413 IMAGE_TOO_LARGE) and stated pixels (422 IMAGE_TOO_MANY_PIXELS, before decoding),
 * then decoded and re-encoded as PNG on the image thread with memory and time limits
 * (422 IMAGE_UNREADABLE when it does not decode).
 */
export async function processSignatureImage(
  bytes: Uint8Array,
  options: { svg?: boolean } = {},
): Promise<SignatureImageResult> {
  const limits = SIGNATURE_IMAGE_LIMITS;
  if (bytes.length > limits.maxBytes) {
    throw new AppError('IMAGE_TOO_LARGE', 413, 'The image is larger than 5 MiB.', {
      size: bytes.length,
      limit: limits.maxBytes,
    });
  }
  const header = readImageHeader(bytes);
  if (!header && options.svg && looksLikeSvg(bytes)) {
    return decode(sizedSvg(bytes, limits.storeWidth, limits.storeHeight));
  }
  if (!header) {
    throw new AppError(
      'UNSUPPORTED_IMAGE',
      415,
      options.svg
        ? 'The image must be a PNG, a JPEG or an SVG.'
        : 'The image must be a PNG or a JPEG.',
    );
  }
  if (
    header.width < 1 ||
    header.height < 1 ||
    header.width > limits.maxSide ||
    header.height > limits.maxSide ||
    header.width * header.height > limits.maxPixels
  ) {
    throw new AppError('IMAGE_TOO_MANY_PIXELS', 422, 'The image has more than 16 megapixels.', {
      width: header.width,
      height: header.height,
    });
  }
  return decode(bytes);
}

/** Decodes and re-encodes on the image thread, scaled to fit the stored size. */
async function decode(bytes: Uint8Array): Promise<SignatureImageResult> {
  const limits = SIGNATURE_IMAGE_LIMITS;
  try {
    return await convert({ bytes, maxWidth: limits.storeWidth, maxHeight: limits.storeHeight });
  } catch (e) {
    if (e instanceof ThreadCallError) {
      throw new AppError('IMAGE_UNREADABLE', 422, 'The image cannot be read.');
    }
    throw e;
  }
}
