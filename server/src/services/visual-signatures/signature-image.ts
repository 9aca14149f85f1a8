import type { TVisualSignature } from '@signet/shared/visual-signature/visual-signature.schema';
import { eq } from 'drizzle-orm';
import { visualSignatures } from '../../db/schema/visual-signatures.ts';
import { AppError } from '../../errors.ts';
import { processSignatureImage } from '../../images/signature-image.ts';
import type { ServiceContext } from '../context.ts';
import { ownVisualSignature } from './find-visual-signature.ts';
import { toVisualSignatureDto } from './visual-signature-dto.ts';

type Ctx = Pick<ServiceContext, 'db' | 'blobs' | 'principal'>;

/**
 * `POST /v1/images/signature/{id}`: the image (drawn or uploaded) of visual signature {id},
 * checked and re-encoded as PNG off the main thread (signature-image.ts); stored only once it
 * passed, so a refused image changes nothing.
 */
export async function uploadSignatureImage(
  ctx: Ctx,
  id: string,
  bytes: Uint8Array,
): Promise<TVisualSignature> {
  await ownVisualSignature(ctx.db, ctx.principal.userId, id);
  const image = await processSignatureImage(bytes);
  const [stored, pdf] = await Promise.all([
    ctx.blobs.put(image.png, { contentType: 'image/png' }),
    ctx.blobs.put(image.pdf, { contentType: 'application/octet-stream' }),
  ]);
  const [row] = await ctx.db
    .update(visualSignatures)
    .set({
      imageKey: stored.key,
      pdfImageKey: pdf.key,
      imageWidth: image.width,
      imageHeight: image.height,
      updatedAt: new Date(),
    })
    .where(eq(visualSignatures.id, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 404, 'There is no such visual signature.');
  return toVisualSignatureDto(row);
}

/** `GET /v1/images/signature/{id}`: the stored PNG (404 NOT_FOUND without one). */
export async function getSignatureImage(ctx: Ctx, id: string): Promise<Uint8Array> {
  const row = await ownVisualSignature(ctx.db, ctx.principal.userId, id);
  const bytes = row.imageKey ? await ctx.blobs.get(row.imageKey) : null;
  if (!bytes) throw new AppError('NOT_FOUND', 404, 'This visual signature has no image.');
  return bytes;
}

/** `DELETE /v1/images/signature/{id}`: the stamp shows the name again. */
export async function deleteSignatureImage(ctx: Ctx, id: string): Promise<TVisualSignature> {
  await ownVisualSignature(ctx.db, ctx.principal.userId, id);
  const [row] = await ctx.db
    .update(visualSignatures)
    .set({
      imageKey: null,
      pdfImageKey: null,
      imageWidth: null,
      imageHeight: null,
      updatedAt: new Date(),
    })
    .where(eq(visualSignatures.id, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 404, 'There is no such visual signature.');
  return toVisualSignatureDto(row);
}
