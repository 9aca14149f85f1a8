import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import { signers } from '../../db/schema/signers.ts';
import { AppError } from '../../errors.ts';
import { changeRequest, type RequestContext } from './context.ts';
import { notifyNextSigners } from './notify-next-signers.ts';
import { recordChange } from './record-change.ts';

/**
 * `DELETE /v3/signature-requests/{id}/signatures/{sig}` (owner; until the first signature). An
 * OPEN request keeps at least one signer (409 LAST_SIGNER); removing an earlier signer may make
 * it a later signer's turn, who is then invited.
 */
export async function removeSigner(
  ctx: RequestContext,
  id: string,
  sid: string,
): Promise<TSignatureRequest> {
  return changeRequest(ctx, id, 'removeSigner', async (tx, loaded) => {
    const signer = loaded.signers.find((s) => s.id === sid);
    if (!signer) throw new AppError('SIGNER_NOT_FOUND', 404, 'The request has no such signer');
    if (loaded.request.status === 'OPEN' && loaded.signers.length === 1) {
      throw new AppError('LAST_SIGNER', 409, 'An open request needs a signer; withdraw it instead');
    }
    await tx.delete(signers).where(eq(signers.id, sid));
    await recordChange(tx, loaded, ctx.meta, {
      type: 'signer_removed',
      data: { email: signer.email },
    });
    await notifyNextSigners(tx, id, ctx.config);
  });
}
