import type { TUser } from '@signet/shared/user/user.schema';
import type { ServiceContext } from '../context.ts';
import { requireUser } from './find-user.ts';
import { toUserDto } from './user-dto.ts';

/** `GET /v1/user` */
export async function getUser(ctx: Pick<ServiceContext, 'db' | 'principal'>): Promise<TUser> {
  return toUserDto(await requireUser(ctx.db, ctx.principal.userId));
}
