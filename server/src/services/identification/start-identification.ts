import { IDENT_OFFERS } from '@signet/shared/identification/identification.constants';
import type {
  TIdentInfo,
  TIdentPath,
  TStartIdentification,
} from '@signet/shared/identification/identification.schema';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { identifications } from '../../db/schema/identifications.ts';
import { AppError } from '../../errors.ts';
import { requireUser } from '../users/find-user.ts';
import { type IdentContext, identProvider } from './context.ts';
import { toIdentInfo } from './identification-dto.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `POST /v1/user/identification/{provider}/{method}`: books an identification with the provider,
 * after its terms of use were accepted (403 TERMS_NOT_ACCEPTED). One that is initialized or in
 * progress with the same provider and method is returned instead (the ongoing-ident redirect:
 * the client shows its status). Its legislation: the one asked for, else the person's default,
 * else the platform's.
 */
export async function startIdentification(
  ctx: IdentContext,
  path: TIdentPath,
  input: TStartIdentification,
): Promise<TIdentInfo> {
  const offer = IDENT_OFFERS[path.provider][path.method];
  if (!offer) {
    throw new AppError(
      'IDENT_METHOD_UNKNOWN',
      404,
      `${path.provider} does not offer ${path.method} identification.`,
    );
  }
  const user = await requireUser(ctx.db, ctx.principal.userId);
  if (!user.acceptedTou.includes(path.provider)) {
    throw new AppError(
      'TERMS_NOT_ACCEPTED',
      403,
      'Accept the terms of use of the identification provider first.',
      { accept: `tou_${path.provider}` },
    );
  }
  const [open] = await ctx.db
    .select()
    .from(identifications)
    .where(
      and(
        eq(identifications.userId, user.id),
        eq(identifications.provider, path.provider),
        eq(identifications.method, path.method),
        inArray(identifications.status, ['initialized', 'inprogress']),
      ),
    )
    .orderBy(desc(identifications.createdAt))
    .limit(1);
  if (open) return toIdentInfo(open);
  const provider = identProvider(ctx);
  const legislation =
    input.legislation ??
    user.defaultLegislation ??
    (ctx.config.platform === 'CH' ? 'ZERTES' : 'EIDAS');
  const id = crypto.randomUUID();
  const booked = await provider.book({
    identificationId: id,
    provider: path.provider,
    method: path.method,
    lang: user.lang,
  });
  const [row] = await ctx.db
    .insert(identifications)
    .values({
      id,
      userId: user.id,
      provider: path.provider,
      method: path.method,
      legislation,
      qualified: offer.qualified,
      providerRef: booked.providerRef,
      identUrl: booked.identUrl,
      signatureRequestId:
        input.signatureRequestId && UUID.test(input.signatureRequestId)
          ? input.signatureRequestId
          : null,
      eidData: input.eidData ?? null,
      mobile: user.mobileVerifiedAt ? user.mobile : null,
    })
    .returning();
  if (!row) throw new Error('startIdentification: insert returned no row');
  return toIdentInfo(row);
}
