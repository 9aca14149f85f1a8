import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type TVisualSignatureRow, visualSignatures } from '../../db/schema/visual-signatures.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { StampSettings } from '../signing/visual-signature.ts';

/** The fields of a visual signature a stamp is drawn from (a row, or an unsaved one). */
export type StampSource = Pick<
  TVisualSignatureRow,
  | 'name'
  | 'company'
  | 'location'
  | 'displayDate'
  | 'displayClaim'
  | 'displayStandards'
  | 'displayQr'
  | 'imageKey'
  | 'pdfImageKey'
  | 'imageWidth'
  | 'imageHeight'
>;

/** The person's default visual signature, or undefined. */
export async function defaultVisualSignature(
  db: DbOrTx,
  userId: string,
): Promise<TVisualSignatureRow | undefined> {
  const [row] = await db
    .select()
    .from(visualSignatures)
    .where(and(eq(visualSignatures.userId, userId), eq(visualSignatures.isDefault, true)))
    .limit(1);
  return row;
}

/**
 * What a visual signature puts into a stamp, with its image: for a signature the pixels ready
 * for a PDF (`forPdf`: images stored before them fall back to the PNG, decoded then), for the
 * preview the PNG.
 */
export async function stampSettingsOf(
  blobs: BlobStore,
  source: StampSource,
  forPdf: boolean,
): Promise<StampSettings> {
  const pdf = forPdf && source.pdfImageKey ? await blobs.get(source.pdfImageKey) : null;
  const bytes = pdf ? new Uint8Array(0) : source.imageKey ? await blobs.get(source.imageKey) : null;
  return {
    name: source.name,
    company: source.company,
    location: source.location,
    displayDate: source.displayDate,
    displayClaim: source.displayClaim,
    displayStandards: source.displayStandards,
    displayQr: source.displayQr,
    image:
      bytes && source.imageWidth && source.imageHeight
        ? {
            bytes,
            format: 'png',
            width: source.imageWidth,
            height: source.imageHeight,
            ...(pdf ? { pdf } : {}),
          }
        : null,
  };
}

/**
 * What the signer's default visual signature puts into their stamp, or null without one (the
 * stamp then shows name, standard, date and address).
 */
export async function stampSettingsFor(
  ctx: { db: DbOrTx; blobs: BlobStore },
  userId: string,
): Promise<StampSettings | null> {
  const row = await defaultVisualSignature(ctx.db, userId);
  return row ? stampSettingsOf(ctx.blobs, row, true) : null;
}
