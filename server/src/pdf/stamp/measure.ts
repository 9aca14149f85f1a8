import { drawPage, withPdfPage } from '../render-page.ts';
import { occupancyFromRgba, type PackedOccupancy, packOccupancy } from './free-area.ts';

/** What measuring one page answers. */
export type MeasureResult = {
  /** Which cells are drawn on (packed: it crosses the process boundary and is kept as is). */
  occupancy: PackedOccupancy;
  /** The page's size in points (its crop box, unrotated: the widget's coordinate space). */
  size: { width: number; height: number };
};

/** Pixels per point of the measuring render: coarse, since cells are several points wide. */
const PX_PER_PT = 0.5;

/**
 * Renders page `page` (0-based) of an untrusted PDF small, without annotations and unrotated,
 * and answers which cells of it are drawn on (free-area.ts). Runs in a PDF worker (the pool's
 * `stamp-space` job), with its memory and time limits; the document stays parsed there for the
 * page images that follow.
 */
export function measurePageOccupancy(
  sha256: string,
  bytes: () => Promise<Uint8Array>,
  page: number,
): Promise<MeasureResult> {
  return withPdfPage(sha256, bytes, page + 1, async (pdfPage, pdfjs) => {
    const unit = pdfPage.getViewport({ scale: 1, rotation: 0 });
    const viewport = pdfPage.getViewport({ scale: PX_PER_PT, rotation: 0 });
    const width = Math.max(1, Math.ceil(viewport.width));
    const height = Math.max(1, Math.ceil(viewport.height));
    const rgba = await drawPage(pdfPage, pdfjs, viewport, { width, height }, false);
    return {
      occupancy: packOccupancy(occupancyFromRgba(rgba, width, height, PX_PER_PT)),
      size: { width: unit.width, height: unit.height },
    };
  });
}
