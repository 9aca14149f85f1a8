import { parentPort } from 'node:worker_threads';
import { createCanvas } from '@napi-rs/canvas';
import { serveThreadCalls } from '../../threads/thread-call.ts';
import { loadPdfJs, pdfjsAssets } from '../render.ts';
import { type Occupancy, occupancyFromRgba } from './free-area.ts';

/** Which page (0-based) of which PDF to measure. */
export type MeasureJob = { bytes: Uint8Array; page: number };
export type MeasureResult = {
  occupancy: Occupancy;
  /** The page's size in points (its crop box, unrotated: the widget's coordinate space). */
  size: { width: number; height: number };
};

/** Pixels per point of the measuring render: coarse, since cells are several points wide. */
const PX_PER_PT = 0.5;

/**
 * Renders one page of an untrusted PDF small, without annotations and unrotated, and answers
 * which cells of it are drawn on (free-area.ts). Runs on the measure thread, which has memory
 * and time limits (measure.ts).
 */
serveThreadCalls<MeasureJob, MeasureResult>(parentPort, async ({ bytes, page }) => {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: bytes,
    ...pdfjsAssets(),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const p = await doc.getPage(page + 1);
    const unit = p.getViewport({ scale: 1, rotation: 0 });
    const viewport = p.getViewport({ scale: PX_PER_PT, rotation: 0 });
    const width = Math.max(1, Math.ceil(viewport.width));
    const height = Math.max(1, Math.ceil(viewport.height));
    const canvas = createCanvas(width, height);
    await p.render({
      canvas: canvas as unknown as Parameters<typeof p.render>[0]['canvas'],
      viewport,
      background: '#ffffff',
      annotationMode: pdfjs.AnnotationMode.DISABLE,
    }).promise;
    const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    return {
      occupancy: occupancyFromRgba(rgba, width, height, PX_PER_PT),
      size: { width: unit.width, height: unit.height },
    };
  } finally {
    await task.destroy();
  }
});
