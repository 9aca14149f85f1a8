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
 * A safe file name from a title with `ext`, or `fallback` when the title leaves nothing usable
 * (spec section 9: '{id}.pdf', '{id}.zip', '{id}_protocol.pdf', '{id}_attachment-{n}.{ext}').
 */
export function fileNameFromTitle(
  title: string | null | undefined,
  ext: string,
  fallback: string,
): string {
  const cleaned = (title ?? '')
    .normalize('NFC')
    .replace(/[/\\:*?"<>|]+/g, ' ')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 200)
    .trim();
  if (!cleaned) return fallback;
  return cleaned.toLowerCase().endsWith(`.${ext}`) ? cleaned : `${cleaned}.${ext}`;
}
