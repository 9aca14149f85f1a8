/**
 * Where stamps may go on a page without covering anything drawn on it. The page is rendered
 * small (without annotations); every grid cell with a non-white pixel is taken, grown by a
 * margin; stamps then go into free space, as low and as far right as they fit (where people
 * sign), each one's cells taken before the next is placed. Pure functions over the bitmap, so
 * the search is tested without a renderer.
 */

/** A box in points from the page's top-left corner (the way the page image shows it). */
export type Box = { x: number; y: number; width: number; height: number };

/** Which cells of a page are drawn on: `taken[row * cols + col]`, `cell` points a side. */
export type Occupancy = { cols: number; rows: number; cell: number; taken: Uint8Array };

/** Grid cell side in points, and the margin kept free around drawn content and between stamps. */
export const CELL_PT = 6;
const MARGIN_CELLS = 1;
/** Distance of stamps from the page edges (points). */
export const EDGE_PT = 20;
/** A pixel lighter than this in every channel counts as paper (scanner noise aside). */
const PAPER = 242;

/**
 * The occupancy grid of an RGBA bitmap of a page rendered at `pxPerPt` pixels per point:
 * a cell is taken when any of its pixels is not paper, then every taken cell takes its
 * neighbours within the margin.
 */
export function occupancyFromRgba(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  pxPerPt: number,
): Occupancy {
  const cellPx = CELL_PT * pxPerPt;
  const cols = Math.ceil(width / cellPx);
  const rows = Math.ceil(height / cellPx);
  const raw = new Uint8Array(cols * rows);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / cellPx) * cols;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      // Transparent pixels are paper too (pdfjs draws on white, this is for safety).
      if ((rgba[i + 3] as number) < 16) continue;
      if (
        (rgba[i] as number) < PAPER ||
        (rgba[i + 1] as number) < PAPER ||
        (rgba[i + 2] as number) < PAPER
      ) {
        raw[row + Math.floor(x / cellPx)] = 1;
      }
    }
  }
  const taken = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (!raw[r * cols + c]) continue;
      for (let dr = -MARGIN_CELLS; dr <= MARGIN_CELLS; dr++) {
        for (let dc = -MARGIN_CELLS; dc <= MARGIN_CELLS; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) taken[rr * cols + cc] = 1;
        }
      }
    }
  }
  return { cols, rows, cell: CELL_PT, taken };
}

/** Marks the cells under `box` (grown by the margin) as taken. */
export function takeBox(o: Occupancy, box: Box): void {
  const c0 = Math.max(0, Math.floor(box.x / o.cell) - MARGIN_CELLS);
  const r0 = Math.max(0, Math.floor(box.y / o.cell) - MARGIN_CELLS);
  const c1 = Math.min(o.cols - 1, Math.ceil((box.x + box.width) / o.cell) - 1 + MARGIN_CELLS);
  const r1 = Math.min(o.rows - 1, Math.ceil((box.y + box.height) / o.cell) - 1 + MARGIN_CELLS);
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) o.taken[r * o.cols + c] = 1;
}

/**
 * Up to `count` boxes of `size` on a page of `page` points that cover no taken cell, each as low
 * and then as far right as it fits, within {@link EDGE_PT} of the edges. Fewer when the page has
 * no more room. `o` is changed: the boxes' cells are taken.
 */
export function findFreeBoxes(
  o: Occupancy,
  page: { width: number; height: number },
  size: { width: number; height: number },
  count: number,
): Box[] {
  const out: Box[] = [];
  const w = Math.ceil(size.width / o.cell);
  const h = Math.ceil(size.height / o.cell);
  const minC = Math.ceil(EDGE_PT / o.cell);
  const minR = Math.ceil(EDGE_PT / o.cell);
  const maxC = Math.floor((page.width - EDGE_PT - size.width) / o.cell);
  const maxR = Math.floor((page.height - EDGE_PT - size.height) / o.cell);
  for (let n = 0; n < count; n++) {
    // Summed-area table: a w × h window is free when its sum is 0.
    const sum = new Int32Array((o.cols + 1) * (o.rows + 1));
    const W = o.cols + 1;
    for (let r = 0; r < o.rows; r++) {
      let line = 0;
      for (let c = 0; c < o.cols; c++) {
        line += o.taken[r * o.cols + c] as number;
        sum[(r + 1) * W + c + 1] = (sum[r * W + c + 1] as number) + line;
      }
    }
    const window = (r: number, c: number) =>
      (sum[(r + h) * W + c + w] as number) -
      (sum[r * W + c + w] as number) -
      (sum[(r + h) * W + c] as number) +
      (sum[r * W + c] as number);
    let found: { r: number; c: number } | null = null;
    for (let r = maxR; r >= minR && !found; r--) {
      if (r + h > o.rows) continue;
      for (let c = maxC; c >= minC; c--) {
        if (c + w > o.cols) continue;
        if (window(r, c) === 0) {
          found = { r, c };
          break;
        }
      }
    }
    if (!found) break;
    const box = {
      // Flush with the right edge margin when the window is the rightmost one.
      x: Math.min(found.c * o.cell, page.width - EDGE_PT - size.width),
      y: Math.min(found.r * o.cell, page.height - EDGE_PT - size.height),
      width: size.width,
      height: size.height,
    };
    out.push(box);
    takeBox(o, box);
  }
  return out;
}

/** An occupancy grid as JSON can keep it: `taken` packed eight cells a byte, base64. */
export type PackedOccupancy = { cols: number; rows: number; cell: number; taken: string };

export function packOccupancy(o: Occupancy): PackedOccupancy {
  const bytes = new Uint8Array(Math.ceil(o.taken.length / 8));
  for (let i = 0; i < o.taken.length; i++)
    if (o.taken[i]) bytes[i >> 3] = (bytes[i >> 3] as number) | (1 << (i & 7));
  return { cols: o.cols, rows: o.rows, cell: o.cell, taken: Buffer.from(bytes).toString('base64') };
}

export function unpackOccupancy(p: PackedOccupancy): Occupancy {
  const bytes = Buffer.from(p.taken, 'base64');
  const taken = new Uint8Array(p.cols * p.rows);
  for (let i = 0; i < taken.length; i++) taken[i] = ((bytes[i >> 3] ?? 0) >> (i & 7)) & 1;
  return { cols: p.cols, rows: p.rows, cell: p.cell, taken };
}
