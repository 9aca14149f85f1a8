import { asc, eq } from 'drizzle-orm';
import { visualSignatures } from '../../db/schema/visual-signatures.ts';
import type { ServiceContext } from '../context.ts';
import { ownVisualSignature } from './find-visual-signature.ts';

/**
 * `DELETE /v1/user/visual-signatures/{id}` (the delete-signature dialog): when it was the default,
 * the oldest remaining one becomes the default. Its image blob stays content-addressed and may
 * be shared; the row no longer points at it.
 */
export async function deleteVisualSignature(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  id: string,
): Promise<{ status: 'ok' }> {
  const userId = ctx.principal.userId;
  await ctx.db.transaction(async (tx) => {
    const row = await ownVisualSignature(tx, userId, id, { forUpdate: true });
    await tx.delete(visualSignatures).where(eq(visualSignatures.id, id));
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: visualSignatures.id })
      .from(visualSignatures)
      .where(eq(visualSignatures.userId, userId))
      .orderBy(asc(visualSignatures.createdAt))
      .limit(1);
    if (next) {
      await tx
        .update(visualSignatures)
        .set({ isDefault: true })
        .where(eq(visualSignatures.id, next.id));
    }
  });
  return { status: 'ok' };
}
