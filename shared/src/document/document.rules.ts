import { PAGE_IMAGE_SCALES, type TPageImageScale, UPLOAD_LIMITS } from './document.constants.ts';

/** The stored scale for a requested one: the smallest of {@link PAGE_IMAGE_SCALES} ≥ it, else the largest. */
export function pageImageScale(requested: number): TPageImageScale {
  for (const scale of PAGE_IMAGE_SCALES) if (scale >= requested) return scale;
  return PAGE_IMAGE_SCALES[PAGE_IMAGE_SCALES.length - 1] as TPageImageScale;
}

/**
 * The scale to ask for to show a page `widthPt` points wide at `cssWidth` CSS pixels on a screen
 * with `devicePixelRatio`: enough device pixels for every CSS pixel, within the stored scales.
 */
export function pageScaleFor(
  cssWidth: number,
  widthPt: number,
  devicePixelRatio: number,
): TPageImageScale {
  const dpr = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  if (!(widthPt > 0) || !(cssWidth > 0)) return pageImageScale(100);
  return pageImageScale(Math.ceil(((cssWidth * dpr) / widthPt) * 100 - 1e-6));
}

/**
 * Why a browser turns a chosen file away before sending it (the server checks again, with its
 * configured limit): not a PDF by type or name, or larger than the default upload limit.
 */
export function pdfFileProblem(file: {
  type: string;
  name: string;
  size: number;
}): 'notPdf' | 'tooLarge' | null {
  if (!(file.type === 'application/pdf' || /\.pdf$/i.test(file.name))) return 'notPdf';
  if (file.size > UPLOAD_LIMITS.maxBytes) return 'tooLarge';
  return null;
}
