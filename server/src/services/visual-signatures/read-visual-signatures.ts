import type {
  TVisualSignature,
  TVisualSignatureList,
} from '@signet/shared/visual-signature/visual-signature.schema';
import { asc, eq } from 'drizzle-orm';
import { visualSignatures } from '../../db/schema/visual-signatures.ts';
import { AppError } from '../../errors.ts';
import type { ServiceContext } from '../context.ts';
import { ownVisualSignature } from './find-visual-signature.ts';
import { defaultVisualSignature } from './stamp-settings.ts';
import { toVisualSignatureDto } from './visual-signature-dto.ts';

type Ctx = Pick<ServiceContext, 'db' | 'principal'>;

/** `GET /v1/user/visual-signatures`: every one, oldest first, and the default. */
export async function listVisualSignatures(ctx: Ctx): Promise<TVisualSignatureList> {
  const rows = await ctx.db
    .select()
    .from(visualSignatures)
    .where(eq(visualSignatures.userId, ctx.principal.userId))
    .orderBy(asc(visualSignatures.createdAt));
  const items = rows.map(toVisualSignatureDto);
  return { items, defaultSignature: items.find((v) => v.default) ?? null };
}

/** `GET /v1/user/visual-signature`: the default one (404 NO_VISUAL_SIGNATURE). */
export async function getDefaultVisualSignature(ctx: Ctx): Promise<TVisualSignature> {
  const row = await defaultVisualSignature(ctx.db, ctx.principal.userId);
  if (!row) throw noVisualSignature();
  return toVisualSignatureDto(row);
}

/** 404 NO_VISUAL_SIGNATURE: the person has none. */
export const noVisualSignature = () =>
  new AppError('NO_VISUAL_SIGNATURE', 404, 'You have no visual signature yet.');

/** `GET /v1/user/visual-signatures/{id}` */
export async function getVisualSignature(ctx: Ctx, id: string): Promise<TVisualSignature> {
  return toVisualSignatureDto(await ownVisualSignature(ctx.db, ctx.principal.userId, id));
}
