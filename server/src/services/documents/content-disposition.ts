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
