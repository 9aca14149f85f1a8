import { createHash } from 'node:crypto';
import { VISUAL_SIGNATURE_SIZE } from '@signet/shared/signature-request/signature-request.constants';
import type { PdfJobRunner } from '../pool/pool.ts';
import {
  type Box,
  CELL_PT,
  EDGE_PT,
  findFreeBoxes,
  type Occupancy,
  type PackedOccupancy,
  takeBox,
  unpackOccupancy,
} from './free-area.ts';

/** A stamp's place: a page (0-based) and a box in points from its top-left corner. */
export type Slot = Box & { page: number };

/**
 * Where the stamps of the signers without a placement go on one document, decided once, at its
 * first signature, and kept with the document (later signers take their slot from it):
 * `slots[i]` is for the i-th signer without a placement, in request order. `append` blank pages
 * of `pageSize` come after the last page, added by the first signature (before it, so every
 * signature covers them).
 */
export type StampPlan = {
  slots: Slot[];
  append: number;
  pageSize: { width: number; height: number };
};

export type PlanInput = {
  bytes: Uint8Array;
  /** The PDF workers that measure the last page when it was not measured after the upload. */
  pdf: PdfJobRunner;
  /** Pages of the document and the last page's size in points. */
  pages: number;
  lastPage: { width: number; height: number };
  /** How many signers need a slot. */
  count: number;
  /** Stamps placed by hand on the last page (they are not covered either). */
  placed: readonly Box[];
  /** False for a document that was signed before it was uploaded: no page may be added. */
  canAppend: boolean;
  /** The last page's occupancy, measured after the upload (`measureLastPage`); else now. */
  measured?: StampSpace | null;
};

/** What was measured of a document's last page after its upload (kept with the document). */
export type StampSpace = { page: number; occupancy: PackedOccupancy };

/**
 * Measures which parts of page `page` (0-based) are drawn on, in a PDF worker (the pool's
 * `stamp-space` job: its time and memory limits); null when the page cannot be measured (too
 * complex, broken, the workers busy), which counts as a full page.
 */
export async function measurePage(
  pdf: PdfJobRunner,
  bytes: Uint8Array,
  page: number,
  priority: 'interactive' | 'background' = 'interactive',
): Promise<StampSpace | null> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  try {
    const { occupancy } = await pdf.run(
      'stamp-space',
      { source: { sha256 }, page },
      { priority, source: async () => ({ bytes }) },
    );
    return { page, occupancy };
  } catch {
    return null;
  }
}

/** The stamp size on a page: 300 × 140 (spec section 9), smaller on a small page. */
export function stampSize(page: { width: number; height: number }): {
  width: number;
  height: number;
} {
  return {
    width: Math.min(VISUAL_SIGNATURE_SIZE.width, page.width - 2 * EDGE_PT),
    height: Math.min(VISUAL_SIGNATURE_SIZE.height, page.height - 2 * EDGE_PT),
  };
}

/**
 * Plans the stamps of `count` signers: into the blank space of the last page when all fit there
 * (measured from a rendering of the page: text, images, drawings, scans — nothing drawn is
 * covered), otherwise every one of them on signature pages appended to the document. A page that
 * cannot be measured (too complex, broken) counts as full. A document signed before its upload
 * gets no new page: what does not fit goes where the most room is left, over other stamps only.
 */
export async function planStamps(input: PlanInput): Promise<StampPlan> {
  const last = input.pages - 1;
  const size = stampSize(input.lastPage);
  const space =
    input.measured?.page === last
      ? input.measured
      : await measurePage(input.pdf, input.bytes, last);
  const occupancy: Occupancy | null = space ? unpackOccupancy(space.occupancy) : null;
  if (occupancy) {
    for (const box of input.placed) takeBox(occupancy, box);
    const boxes = findFreeBoxes(occupancy, input.lastPage, size, input.count);
    if (boxes.length === input.count) {
      return {
        slots: boxes.map((b) => ({ ...b, page: last })),
        append: 0,
        pageSize: input.lastPage,
      };
    }
    if (!input.canAppend) {
      // No room and no page may be added: the rest stack in the bottom-right corner.
      const rest = Array.from({ length: input.count - boxes.length }, () => ({
        x: input.lastPage.width - EDGE_PT - size.width,
        y: input.lastPage.height - EDGE_PT - size.height,
        ...size,
      }));
      return {
        slots: [...boxes, ...rest].map((b) => ({ ...b, page: last })),
        append: 0,
        pageSize: input.lastPage,
      };
    }
  }
  // Signature pages: as many as the stamps need, each filled from the bottom right.
  const slots: Slot[] = [];
  let append = 0;
  while (slots.length < input.count) {
    const blank: Occupancy = blankOccupancy(input.lastPage);
    const boxes = findFreeBoxes(blank, input.lastPage, size, input.count - slots.length);
    if (boxes.length === 0) break;
    append++;
    slots.push(...boxes.map((b) => ({ ...b, page: last + append })));
  }
  return { slots, append, pageSize: input.lastPage };
}

function blankOccupancy(page: { width: number; height: number }): Occupancy {
  const cell = CELL_PT;
  const cols = Math.ceil(page.width / cell);
  const rows = Math.ceil(page.height / cell);
  return { cols, rows, cell, taken: new Uint8Array(cols * rows) };
}
