import type { TSignatureQualities } from '@signet/shared/user/user.schema';
import type { ServiceContext } from '../context.ts';
import { requireUser } from './find-user.ts';
import { signatureQualitiesOf } from './user-dto.ts';

/** `GET /v3/user/signature-qualities-detail` */
export async function getSignatureQualities(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
): Promise<TSignatureQualities> {
  return signatureQualitiesOf(await requireUser(ctx.db, ctx.principal.userId));
}
