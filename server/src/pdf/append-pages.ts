import type { PDF } from '@libpdf/core';

type PageTreeInternals = { flattened?: unknown; root?: unknown; pages?: unknown };

/**
 * Appends `count` blank pages of `size` as the last kids of the page tree's root, in an update
 * that rewrites only the root and the new pages. libpdf's `addPage` first flattens a nested page
 * tree (pdfTeX writes one: groups of ten under intermediate nodes) and so rewrites every page's
 * /Parent: ≈ 150 bytes per page of the document in the signature's update (15 KB for 92 pages).
 * A page as the root's last kid is just as valid (/Count of the root counts the leaves). When
 * libpdf's internals are not what this expects (another version), it flattens as before.
 */
export function appendBlankPages(
  doc: PDF,
  count: number,
  size: { width: number; height: number },
): void {
  const tree = (doc as unknown as { ctx?: { pages?: PageTreeInternals } }).ctx?.pages;
  if (
    tree &&
    typeof tree.flattened === 'boolean' &&
    tree.root !== undefined &&
    Array.isArray(tree.pages)
  ) {
    // insertPage then appends to the root's /Kids (at index = page count, past its end).
    tree.flattened = true;
  }
  for (let i = 0; i < count; i++) doc.addPage({ width: size.width, height: size.height });
}
