import { IDENT_OFFERS } from '@signet/shared/identification/identification.constants';
import type {
  TIdentInfo,
  TIdentPath,
  TIdentPayment,
} from '@signet/shared/identification/identification.schema';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { identifications, type TIdentificationRow } from '../../db/schema/identifications.ts';
import { AppError } from '../../errors.ts';
import { type IdentContext, identProvider } from './context.ts';
import { identPerson, ownedBy } from './ident-person.ts';
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
        ownedBy(ctx.principal),
        eq(identifications.provider, path.provider),
        eq(identifications.method, path.method),
        ...(open ? [inArray(identifications.status, ['initialized', 'inprogress'])] : []),
      ),
    )
    .orderBy(desc(identifications.createdAt))
    .limit(1);
  return row;
}

/** `GET /v1/[direct/]user/identification/{provider}/{method}`: the latest one (404 NO_IDENTIFICATION). */
export async function getIdentification(ctx: IdentContext, path: TIdentPath): Promise<TIdentInfo> {
  // A direct signer's link is checked first (404 like every direct call).
  await identPerson(ctx.db, ctx.principal);
  if (!IDENT_OFFERS[path.provider][path.method]) throw none();
  const row = await latest(ctx, path);
  if (!row) throw none();
  return toIdentInfo(row);
}

/**
 * `DELETE /v1/[direct/]user/identification/{provider}/{method}?email=`: abandons the
 * identification under way; the person's address (the account's, or the one the sender gave a
 * direct signer) confirms it (400 EMAIL_MISMATCH). An abandoned identification never raises a
 * quality: a late success from the provider is ignored.
 */
export async function cancelIdentification(
  ctx: IdentContext,
  path: TIdentPath,
  email: string,
): Promise<TIdentInfo> {
  const person = await identPerson(ctx.db, ctx.principal);
  if (person.email.toLowerCase() !== email.toLowerCase()) {
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
 * `GET /v1/[direct/]user/identification/payment/{id}`: who pays the identification (only the
 * person's own; another's is 404). The sandbox charges nothing (payer `sandbox`, NOT_REQUIRED);
 * the price list comes with a real provider.
 */
export async function identificationPayment(ctx: IdentContext, id: string): Promise<TIdentPayment> {
  await identPerson(ctx.db, ctx.principal);
  const [row] = UUID.test(id)
    ? await ctx.db
        .select({ id: identifications.id })
        .from(identifications)
        .where(and(eq(identifications.id, id), ownedBy(ctx.principal)))
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
