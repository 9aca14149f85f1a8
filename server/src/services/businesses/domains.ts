import { randomBytes } from 'node:crypto';
import {
  BUSINESS_ERRORS,
  DOMAIN_VERIFY_WINDOW_HOURS,
} from '@signet/shared/business/business.constants';
import { domainRecord } from '@signet/shared/business/business.rules';
import type { TBusinessDomain, TBusinessDomainList } from '@signet/shared/business/business.schema';
import { and, asc, eq, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessDomains, type TBusinessDomainRow } from '../../db/schema/business-domains.ts';
import { AppError } from '../../errors.ts';
import type { DnsVerifier } from '../../providers/dns/index.ts';
import type { ServiceContext } from '../context.ts';
import { isUniqueViolation } from '../users/unique-violation.ts';
import { recordBusinessEvents } from './business-events.ts';
import { changeBusiness, readBusiness } from './membership.ts';

const HOUR_MS = 60 * 60 * 1000;

export const toDomainDto = (row: TBusinessDomainRow): TBusinessDomain => ({
  domain: row.domain,
  status: row.status,
  record: domainRecord(row.domain, row.token),
  addedAt: row.createdAt.toISOString(),
  checkedAt: row.checkedAt?.toISOString() ?? null,
  verifiedAt: row.verifiedAt?.toISOString() ?? null,
});

/** `GET /v1/businesses/{id}/domains` (admin). */
export async function listDomains(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
): Promise<TBusinessDomainList> {
  await readBusiness(ctx, businessId);
  const rows = await ctx.db
    .select()
    .from(businessDomains)
    .where(eq(businessDomains.businessId, businessId))
    .orderBy(asc(businessDomains.domain));
  return { items: rows.map(toDomainDto) };
}

const domainTaken = () =>
  new AppError(BUSINESS_ERRORS.domainTaken, 409, 'Another business has verified this domain');

/**
 * `POST /v1/businesses/{id}/domains` (admin): adds the domain as pending with a fresh token for
 * its TXT record, or — for a domain it has — starts its check window again; then checks DNS
 * once right away (the check job keeps checking a pending domain until its window ends).
 */
export async function addDomain(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  verifier: DnsVerifier,
  businessId: string,
  domain: string,
): Promise<TBusinessDomain> {
  await changeBusiness(ctx, businessId, 'admin', async ({ tx, actor }) => {
    const [taken] = await tx
      .select({ businessId: businessDomains.businessId })
      .from(businessDomains)
      .where(
        and(
          eq(businessDomains.domain, domain),
          eq(businessDomains.status, 'verified'),
          ne(businessDomains.businessId, businessId),
        ),
      );
    if (taken) throw domainTaken();
    const checkUntil = new Date(Date.now() + DOMAIN_VERIFY_WINDOW_HOURS * HOUR_MS);
    const [added] = await tx
      .insert(businessDomains)
      .values({ businessId, domain, token: randomBytes(16).toString('hex'), checkUntil })
      .onConflictDoNothing()
      .returning();
    if (added) {
      await recordBusinessEvents(tx, [
        { businessId, type: 'domain_added', actor, subject: domain },
      ]);
      return;
    }
    await tx
      .update(businessDomains)
      .set({ status: 'pending', checkUntil })
      .where(
        and(
          eq(businessDomains.businessId, businessId),
          eq(businessDomains.domain, domain),
          ne(businessDomains.status, 'verified'),
        ),
      );
  });
  const row = await checkDomain(ctx.db, verifier, businessId, domain);
  if (!row) throw new AppError('NOT_FOUND', 404, 'No such domain');
  return toDomainDto(row);
}

/** `DELETE /v1/businesses/{id}/domains/{domain}` (admin). */
export async function removeDomain(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  domain: string,
): Promise<{ status: 'ok' }> {
  return changeBusiness(ctx, businessId, 'admin', async ({ tx, actor }) => {
    const [gone] = await tx
      .delete(businessDomains)
      .where(
        and(
          eq(businessDomains.businessId, businessId),
          eq(businessDomains.domain, domain.toLowerCase()),
        ),
      )
      .returning();
    if (!gone) throw new AppError('DOMAIN_NOT_FOUND', 404, 'The business has no such domain');
    await recordBusinessEvents(tx, [
      { businessId, type: 'domain_removed', actor, subject: gone.domain },
    ]);
    return { status: 'ok' as const };
  });
}

/**
 * Looks for a pending domain's TXT record once: found → verified (unless another business
 * verified it first: failed); not found after the window → failed; else it stays pending.
 * DNS is asked outside any transaction. Returns the domain as it now is.
 */
export async function checkDomain(
  db: Db,
  verifier: DnsVerifier,
  businessId: string,
  domain: string,
  now = () => new Date(),
): Promise<TBusinessDomainRow | null> {
  const key = and(eq(businessDomains.businessId, businessId), eq(businessDomains.domain, domain));
  const [row] = await db.select().from(businessDomains).where(key);
  if (row?.status !== 'pending') return row ?? null;
  const record = domainRecord(row.domain, row.token);
  const lookup = await verifier.lookupTxt(record.name);
  const found = lookup.kind === 'found' && lookup.records.some((r) => r.trim() === record.value);
  const at = now();
  const outcome = found ? 'verified' : at > row.checkUntil ? 'failed' : 'pending';
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(businessDomains)
        .set({
          status: outcome,
          checkedAt: at,
          ...(outcome === 'verified' ? { verifiedAt: at } : {}),
        })
        .where(
          and(key, eq(businessDomains.status, 'pending'), eq(businessDomains.token, row.token)),
        )
        .returning();
      if (updated && outcome !== 'pending') {
        await recordBusinessEvents(tx, [
          {
            businessId,
            type: outcome === 'verified' ? 'domain_verified' : 'domain_failed',
            actor: { id: null, email: null },
            subject: domain,
            ...(lookup.kind === 'error' ? { data: { error: lookup.message } } : {}),
          },
        ]);
      }
      return updated ?? row;
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    // Another business verified the same domain a moment earlier.
    const [failed] = await db
      .update(businessDomains)
      .set({ status: 'failed', checkedAt: at })
      .where(key)
      .returning();
    return failed ?? row;
  }
}

/** How often the check job looks at a pending domain again. */
export const DOMAIN_CHECK_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The check job's round: every pending domain not checked in the last interval (oldest first,
 * at most `limit`), each checked once.
 */
export async function checkPendingDomains(
  db: Db,
  verifier: DnsVerifier,
  options: { now?: Date; limit?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const due = await db
    .select({ businessId: businessDomains.businessId, domain: businessDomains.domain })
    .from(businessDomains)
    .where(
      and(
        eq(businessDomains.status, 'pending'),
        or(
          isNull(businessDomains.checkedAt),
          lt(businessDomains.checkedAt, new Date(now.getTime() - DOMAIN_CHECK_INTERVAL_MS)),
          lte(businessDomains.checkUntil, now),
        ),
      ),
    )
    .orderBy(asc(businessDomains.checkedAt))
    .limit(options.limit ?? 200);
  for (const d of due) await checkDomain(db, verifier, d.businessId, d.domain, () => now);
  return due.length;
}
