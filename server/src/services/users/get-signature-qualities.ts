import type { TSignatureQualities } from '@signet/shared/user/user.schema';
import type { DbOrTx } from '../../db/client.ts';
import { requireUser } from './find-user.ts';
import { signatureQualitiesOf } from './user-dto.ts';

/** `GET /v3/user/signature-qualities-detail` */
export async function getSignatureQualities(
  db: DbOrTx,
  userId: string,
): Promise<TSignatureQualities> {
  return signatureQualitiesOf(await requireUser(db, userId));
}
