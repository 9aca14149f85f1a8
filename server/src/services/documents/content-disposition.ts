/**
 * A safe file name from a title (with `suffix`, e.g. `_protocol`) and `ext`, or `fallback` when
 * the title leaves nothing usable (spec section 9: '{id}.pdf', '{id}.zip', '{id}_protocol.pdf',
 * '{id}_attachment-{n}.{ext}').
 */
export function fileNameFromTitle(
  title: string | null | undefined,
  ext: string,
  fallback: string,
  suffix = '',
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
  if (suffix) return `${cleaned}${suffix}.${ext}`;
  return cleaned.toLowerCase().endsWith(`.${ext}`) ? cleaned : `${cleaned}.${ext}`;
}

/** The protocol's file name: the request's title with `_protocol` ('{id}_protocol.pdf' without). */
export const protocolFileName = (
  request: { id: string; title: string },
  ext: 'pdf' | 'html' = 'pdf',
): string => fileNameFromTitle(request.title, ext, `${request.id}_protocol.${ext}`, '_protocol');
