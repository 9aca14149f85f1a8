/**
 * File answers of the API (PDFs, page images, ZIPs, attachments): the one place their headers
 * are decided. Binary answers are private to the caller and must not be sniffed.
 */

/**
 * `Content-Disposition: attachment` with a file name every browser handles: an ASCII
 * `filename="…"` (non-ASCII as `_`) and the exact name as RFC 5987 `filename*=UTF-8''…`.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A file as the answer: its type, an attachment name when it is a download, extra headers.
 * Bytes in a SharedArrayBuffer (a signed version written in place, see pdf/in-step.ts) are
 * copied first: a `Response` takes only views of an ArrayBuffer as bytes, and would send a
 * shared view as the text of its values.
 */
export function fileResponse(
  bytes: Uint8Array,
  contentType: string,
  fileName: string | null,
  extra: Record<string, string> = {},
): Response {
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Content-Length': String(bytes.byteLength),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  };
  if (fileName) headers['Content-Disposition'] = attachmentDisposition(fileName);
  const body = bytes.buffer instanceof SharedArrayBuffer ? new Uint8Array(bytes) : bytes;
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
