import { IDENT_OFFERS } from '@signet/shared/identification/identification.constants';
import type {
  TIdentInfo,
  TIdentPath,
  TIdentPayment,
} from '@signet/shared/identification/identification.schema';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { identifications, type TIdentificationRow } from '../../db/schema/identifications.ts';
import { AppError } from '../../errors.ts';
import { requireUser } from '../users/find-user.ts';
import { type IdentContext, identProvider } from './context.ts';
import { toIdentInfo } from './identification-dto.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const none = () => new AppError('NO_IDENTIFICATION', 404, 'There is no such identification.');

async function latest(
  ctx: IdentContext,
  path: TIdentPath,
  open = false,
): Promise<TIdentificationRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(identifications)
    .where(
      and(
        eq(identifications.userId, ctx.principal.userId),
        eq(identifications.provider, path.provider),
        eq(identifications.method, path.method),
        ...(open ? [inArray(identifications.status, ['initialized', 'inprogress'])] : []),
      ),
    )
    .orderBy(desc(identifications.createdAt))
    .limit(1);
  return row;
}

/** `GET /v1/user/identification/{provider}/{method}`: the latest one (404 NO_IDENTIFICATION). */
export async function getIdentification(ctx: IdentContext, path: TIdentPath): Promise<TIdentInfo> {
  if (!IDENT_OFFERS[path.provider][path.method]) throw none();
  const row = await latest(ctx, path);
  if (!row) throw none();
  return toIdentInfo(row);
}

/**
 * `DELETE /v1/user/identification/{provider}/{method}?email=`: abandons the identification under
 * way; the account's address confirms it (400 EMAIL_MISMATCH). An abandoned identification never
 * raises a quality: a late success from the provider is ignored.
 */
export async function cancelIdentification(
  ctx: IdentContext,
  path: TIdentPath,
  email: string,
): Promise<TIdentInfo> {
  const user = await requireUser(ctx.db, ctx.principal.userId);
  if (user.email.toLowerCase() !== email.toLowerCase()) {
    throw new AppError('EMAIL_MISMATCH', 400, 'The e-mail address is not the one of your account.');
  }
  const row = await latest(ctx, path, true);
  if (!row) throw none();
  await identProvider(ctx).cancel(row.providerRef);
  const [cancelled] = await ctx.db
    .update(identifications)
    .set({ status: 'cancelled', updatedAt: new Date(), finishedAt: new Date() })
    .where(
      and(
        eq(identifications.id, row.id),
        inArray(identifications.status, ['initialized', 'inprogress']),
      ),
    )
    .returning();
  return toIdentInfo(cancelled ?? row);
}

/**
 * `GET /v1/user/identification/payment/{id}`: who pays the identification. The sandbox charges
 * nothing (payer `sandbox`, NOT_REQUIRED); the price list comes with a real provider.
 */
export async function identificationPayment(ctx: IdentContext, id: string): Promise<TIdentPayment> {
  const [row] = UUID.test(id)
    ? await ctx.db
        .select({ id: identifications.id })
        .from(identifications)
        .where(and(eq(identifications.id, id), eq(identifications.userId, ctx.principal.userId)))
        .limit(1)
    : [];
  if (!row) throw none();
  return {
    id: row.id,
    status: 'NOT_REQUIRED',
    amount: 0,
    currency: ctx.config.platform === 'CH' ? 'CHF' : 'EUR',
    payer: 'sandbox',
  };
}
