import { BUSINESS_ERRORS } from '@signet/shared/business/business.constants';
import { deletionDueAt } from '@signet/shared/business/business.rules';
import type { TBusiness } from '@signet/shared/business/business.schema';
import { and, asc, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { jobs } from '../../db/schema/outbox.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { enqueueMails } from '../../mail/outbox.ts';
import { siteLink } from '../auth/links.ts';
import type { ServiceContext } from '../context.ts';
import { toBusinessDto } from './business-dto.ts';
import { recordBusinessEvents } from './business-events.ts';
import { detachMembers } from './members.ts';
import { changeBusiness } from './membership.ts';

export const BUSINESS_DELETION_JOB = 'business-deletion';

/**
 * `DELETE /v2/businesses/{id}` (admin): the deletion is scheduled for the end of the grace
 * period (BUSINESS_DELETION_GRACE_DAYS) and a job is queued for then; asking again keeps the
 * first date. Until then the business works as before and an admin may revoke it.
 */
export async function scheduleBusinessDeletion(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
): Promise<TBusiness> {
  return changeBusiness(ctx, businessId, 'admin', async ({ tx, business, actor }) => {
    if (business.deletionDueAt) return toBusinessDto(tx, business, ctx.principal.userId);
    const now = new Date();
    const due = deletionDueAt(now);
    const [row] = await tx
      .update(businesses)
      .set({ deletionRequestedAt: now, deletionDueAt: due })
      .where(eq(businesses.id, businessId))
      .returning();
    await tx
      .insert(jobs)
      .values({ kind: BUSINESS_DELETION_JOB, payload: { businessId }, runAt: due });
    await recordBusinessEvents(tx, [
      { businessId, type: 'deletion_scheduled', actor, data: { dueAt: due.toISOString() } },
    ]);
    return toBusinessDto(tx, row ?? business, ctx.principal.userId);
  });
}

/** `POST /v2/businesses/{id}/revoke_delete` (admin): the scheduled deletion is off. */
export async function revokeBusinessDeletion(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
): Promise<TBusiness> {
  return changeBusiness(ctx, businessId, 'admin', async ({ tx, business, actor }) => {
    if (!business.deletionDueAt) {
      throw new AppError(BUSINESS_ERRORS.notScheduled, 409, 'No deletion is scheduled');
    }
    const [row] = await tx
      .update(businesses)
      .set({ deletionRequestedAt: null, deletionDueAt: null })
      .where(eq(businesses.id, businessId))
      .returning();
    // The queued job finds nothing due and ends.
    await recordBusinessEvents(tx, [{ businessId, type: 'deletion_revoked', actor }]);
    return toBusinessDto(tx, row ?? business, ctx.principal.userId);
  });
}

/** Members detached per transaction: a crash loses at most one batch's work, which is redone. */
const BATCH = 100;

export type DeletionDeps = {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  log: Pick<Logger, 'info'>;
  /** Members per batch (default 100). */
  batchSize?: number;
  /** Tests: called after each batch (a throw simulates a crash half-way). */
  afterBatch?: (detached: number) => void | Promise<void>;
};

/**
 * Carries out a business's deletion if it is due (else nothing: revoked or not yet). Members are
 * detached in batches — plain members first, admins last, so the business keeps an admin until
 * its last batch — each told by mail (`business-deleted`) and flagged for the "business
 * downgraded" dialog; their requests stay theirs. Then the business goes, with everything that is
 * only its own (domains, invitations, account log, usage records). A run that crashes half-way is
 * simply run again: detached members are no longer members, so nobody is mailed twice, and no
 * other business is touched. Returns whether the business was deleted.
 */
export async function carryOutBusinessDeletion(
  deps: DeletionDeps,
  businessId: string,
  now = new Date(),
): Promise<boolean> {
  const { db } = deps;
  let detached = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [business] = await tx
        .select()
        .from(businesses)
        .where(
          and(
            eq(businesses.id, businessId),
            isNotNull(businesses.deletionDueAt),
            lte(businesses.deletionDueAt, now),
          ),
        )
        .for('update');
      if (!business) return 'nothing';
      const batch = await tx
        .select({ id: users.id, email: users.email, lang: users.lang, firstName: users.firstName })
        .from(businessMembers)
        .innerJoin(users, eq(users.id, businessMembers.userId))
        .where(eq(businessMembers.businessId, businessId))
        .orderBy(desc(businessMembers.role), asc(businessMembers.userId))
        .limit(deps.batchSize ?? BATCH);
      if (batch.length === 0) {
        await tx.delete(businesses).where(eq(businesses.id, businessId));
        return 'deleted';
      }
      await detachMembers(
        tx,
        businessId,
        batch.map((m) => m.id),
        { businessDeleted: true },
      );
      await enqueueMails(
        tx,
        batch.map((m) => ({
          to: m.email,
          template: 'business-deleted',
          lang: m.lang,
          data: {
            businessName: business.name,
            name: m.firstName,
            url: siteLink(deps.config, '/dashboard'),
          },
        })),
      );
      detached += batch.length;
      return 'more';
    });
    if (done === 'nothing') return false;
    if (done === 'deleted') {
      deps.log.info({ businessId, detached }, 'business deleted');
      return true;
    }
    await deps.afterBatch?.(detached);
  }
}

/** Deletions whose date passed without their job having run (a lost job, a clock change). */
export async function dueBusinessDeletions(db: Db, now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(isNotNull(businesses.deletionDueAt), lte(businesses.deletionDueAt, now)));
  return rows.map((r) => r.id);
}
