import { VISUAL_SIGNATURE_SIZE } from '@signet/shared/signature-request/signature-request.constants';

/** A signature box in PDF points from the page's top-left corner (`document_signatures`). */
export type TBox = { x: number; y: number; width: number; height: number };

/**
 * The box moved by (dx, dy) points and kept wholly on a page of `page` points (the server refuses
 * a box outside the page); a box larger than the page is shrunk to it.
 */
export function moveBox(
  box: TBox,
  dx: number,
  dy: number,
  page: { width: number; height: number },
): TBox {
  const width = Math.min(box.width, page.width);
  const height = Math.min(box.height, page.height);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    width,
    height,
    x: round(Math.min(Math.max(0, box.x + dx), page.width - width)),
    y: round(Math.min(Math.max(0, box.y + dy), page.height - height)),
  };
}

/** Where a new box starts: bottom right of the page, 20 pt from the edges (spec size 300 × 140). */
export function initialBox(page: { width: number; height: number }): TBox {
  const { width, height } = VISUAL_SIGNATURE_SIZE;
  return moveBox(
    { x: page.width - width - 20, y: page.height - height - 20, width, height },
    0,
    0,
    page,
  );
}
