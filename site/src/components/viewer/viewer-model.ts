/**
 * The document viewer's arithmetic, apart from React so it can be tested: zoom steps, page
 * widths, the page a typed number means, the size of a page learned from its image, and the
 * boxes elements laid over a page take (page coordinates: PDF points from the top-left corner,
 * as `document_signatures` places a visual signature).
 */
import { pageScaleFor } from '@signet/shared/document/document.rules';

/** Zoom steps: the page fills the viewer's width, or 1 or 2 CSS pixels per PDF point. */
export const ZOOMS = ['fit', 1, 2] as const;
export type TZoom = (typeof ZOOMS)[number];

/** A page's size in PDF points. */
export type TPageSize = { width: number; height: number };

/** Until a page's image says otherwise: A4 portrait. */
export const DEFAULT_PAGE_SIZE: TPageSize = { width: 595.28, height: 841.89 };

/** Where a page sits for the elements laid over it (what an overlay is given). */
export type TPageBox = {
  documentId: string;
  /** 1-based. */
  page: number;
  /** The page in PDF points. */
  size: TPageSize;
  /** CSS pixels per PDF point as the page is shown now. */
  pxPerPt: number;
};

/** The CSS width a page is shown at. */
export function pageCssWidth(zoom: TZoom, availableWidth: number, page: TPageSize): number {
  if (zoom === 'fit') return Math.max(120, Math.floor(availableWidth));
  return Math.round(page.width * zoom);
}

/** The page a typed text means, within 1…count; null when it names none. */
export function parsePageNumber(text: string, count: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= 1 && n <= count ? n : null;
}

/** `n` kept within 1…count. */
export const clampPage = (n: number, count: number): number =>
  Math.min(Math.max(1, Math.round(n)), Math.max(1, count));

/** The next zoom step in `direction` (+1 larger, −1 smaller), or the same at either end. */
export function stepZoom(zoom: TZoom, direction: 1 | -1): TZoom {
  const i = ZOOMS.indexOf(zoom);
  return ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, i + direction))] as TZoom;
}

/**
 * A page's size in points from its image: images are drawn at `scale` percent of the page (one
 * pixel per point at 100), so the image's pixels say the page's size.
 */
export function pageSizeFromImage(naturalWidth: number, naturalHeight: number, scale: number) {
  if (!(naturalWidth > 0 && naturalHeight > 0 && scale > 0)) return null;
  return { width: (naturalWidth * 100) / scale, height: (naturalHeight * 100) / scale };
}

/** The image scale to ask for, for a page shown `cssWidth` px wide on this screen. */
export function imageScale(cssWidth: number, page: TPageSize, devicePixelRatio: number) {
  return pageScaleFor(cssWidth, page.width, devicePixelRatio);
}

/**
 * The CSS box (relative to the page's top-left corner) of a rectangle given in page points —
 * what an element laid over a page uses to sit where the PDF will have it.
 */
export function pageBoxStyle(
  box: Pick<TPageBox, 'pxPerPt'>,
  rect: { x: number; y: number; width: number; height: number },
): { left: number; top: number; width: number; height: number } {
  const k = box.pxPerPt;
  return { left: rect.x * k, top: rect.y * k, width: rect.width * k, height: rect.height * k };
}

/** A point on the shown page (CSS px from its top-left corner) in page points. */
export function pagePointOf(box: Pick<TPageBox, 'pxPerPt'>, x: number, y: number) {
  return { x: x / box.pxPerPt, y: y / box.pxPerPt };
}
