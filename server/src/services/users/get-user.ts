import type { TUser } from '@signet/shared/user/user.schema';
import type { DbOrTx } from '../../db/client.ts';
import { requireUser } from './find-user.ts';
import { toUserDto } from './user-dto.ts';

/** `GET /v1/user` */
export async function getUser(db: DbOrTx, userId: string): Promise<TUser> {
  return toUserDto(await requireUser(db, userId));
}
