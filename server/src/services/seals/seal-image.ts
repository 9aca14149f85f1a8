import type { TSeal } from '@signet/shared/seal/seal.schema';
import { eq } from 'drizzle-orm';
import { seals } from '../../db/schema/seals.ts';
import { AppError } from '../../errors.ts';
import { processSignatureImage } from '../../images/signature-image.ts';
import { changeBusiness, readBusiness } from '../businesses/membership.ts';
import type { ServiceContext } from '../context.ts';
import { sealDto, sealOf } from './manage-seals.ts';

type Ctx = Pick<ServiceContext, 'db' | 'principal' | 'config' | 'blobs'>;

/**
 * `POST …/seals/{seal}/image` (admin): the seal's image — PNG, JPEG or a self-contained SVG —
 * checked and re-encoded as PNG off the main thread by the one pipeline signature images use
 * (images/signature-image.ts; an SVG is rasterised, see images/svg.ts). Stored only once it
 * passed, so a refused image changes nothing.
 */
export async function uploadSealImage(
  ctx: Ctx,
  businessId: string,
  accountName: string,
  bytes: Uint8Array,
): Promise<TSeal> {
  // Who may change it is checked before the image is looked at.
  await readBusiness(ctx, businessId, 'admin');
  await sealOf(ctx.db, businessId, accountName);
  const image = await processSignatureImage(bytes, { svg: true });
  const [png, pdf] = await Promise.all([
    ctx.blobs.put(image.png, { contentType: 'image/png' }),
    ctx.blobs.put(image.pdf, { contentType: 'application/octet-stream' }),
  ]);
  return setImage(ctx, businessId, accountName, {
    imageKey: png.key,
    pdfImageKey: pdf.key,
    imageWidth: image.width,
    imageHeight: image.height,
  });
}

/** `DELETE …/seals/{seal}/image` (admin): the stamp shows the seal's name alone again. */
export function deleteSealImage(ctx: Ctx, businessId: string, accountName: string): Promise<TSeal> {
  return setImage(ctx, businessId, accountName, {
    imageKey: null,
    pdfImageKey: null,
    imageWidth: null,
    imageHeight: null,
  });
}

/** `GET …/seals/{seal}/image` (admin): the stored PNG (404 NOT_FOUND without one). */
export async function getSealImage(
  ctx: Ctx,
  businessId: string,
  accountName: string,
): Promise<Uint8Array> {
  await readBusiness(ctx, businessId, 'admin');
  const row = await sealOf(ctx.db, businessId, accountName);
  const bytes = row.imageKey ? await ctx.blobs.get(row.imageKey) : null;
  if (!bytes) throw new AppError('NOT_FOUND', 404, 'This seal has no image.');
  return bytes;
}

function setImage(
  ctx: Ctx,
  businessId: string,
  accountName: string,
  image: {
    imageKey: string | null;
    pdfImageKey: string | null;
    imageWidth: number | null;
    imageHeight: number | null;
  },
): Promise<TSeal> {
  return changeBusiness(ctx, businessId, 'admin', async ({ tx, business }) => {
    const row = await sealOf(tx, business.id, accountName);
    const [updated] = await tx
      .update(seals)
      .set({ ...image, updatedAt: new Date() })
      .where(eq(seals.id, row.id))
      .returning();
    return sealDto(tx, updated ?? row);
  });
}
