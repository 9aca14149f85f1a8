/** `%PDF-` within the first KiB, as the PDF specification allows leading garbage. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).includes(
    '%PDF-',
  );
}
