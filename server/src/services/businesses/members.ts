import { BUSINESS_ERRORS } from '@signet/shared/business/business.constants';
import { keepsAnAdmin } from '@signet/shared/business/business.rules';
import type {
  TBusiness,
  TBusinessMember,
  TBusinessMemberList,
  TBusinessMemberListQuery,
  TBusinessRole,
  TUpdateMember,
  TUserIds,
} from '@signet/shared/business/business.schema';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessInvitations } from '../../db/schema/business-invitations.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import type { ServiceContext } from '../context.ts';
import { toBusinessDto } from './business-dto.ts';
import { recordBusinessEvents } from './business-events.ts';
import { changeBusiness, readBusiness } from './membership.ts';

const lastAdmin = () =>
  new AppError(
    BUSINESS_ERRORS.lastAdmin,
    409,
    'A business keeps at least one admin: make another member admin first',
  );

/** The database's own guard (migration 0012) said no: the same answer as the services'. */
export function asLastAdminError(e: unknown): unknown {
  const message =
    e instanceof Error ? `${e.message} ${String((e as { cause?: unknown }).cause ?? '')}` : '';
  return message.includes(BUSINESS_ERRORS.lastAdmin) ? lastAdmin() : e;
}

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: businessMembers.role,
  costCentre: businessMembers.costCentre,
  accepted: users.acceptedBusinessInvite,
  joinedAt: businessMembers.createdAt,
};
type TMemberRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: TBusinessMember['role'];
  costCentre: string;
  accepted: boolean;
  joinedAt: Date;
};
const toMember = ({ accepted, joinedAt, ...m }: TMemberRow): TBusinessMember => ({
  ...m,
  pending: !accepted,
  joinedAt: joinedAt.toISOString(),
});

const SORT: Record<TBusinessMemberListQuery['sort'], SQL | typeof users.email> = {
  joinedAt: businessMembers.createdAt as unknown as SQL,
  email: users.email,
  lastName: users.lastName as unknown as SQL,
  role: businessMembers.role as unknown as SQL,
  costCentre: businessMembers.costCentre as unknown as SQL,
};

/** `GET /v1/businesses/{id}/members` (admin): paged and sorted in the database. */
export async function listMembers(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  query: TBusinessMemberListQuery,
): Promise<TBusinessMemberList> {
  await readBusiness(ctx, businessId);
  const direction = query.order === 'desc' ? desc : asc;
  const where = eq(businessMembers.businessId, businessId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(memberColumns)
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .where(where)
      .orderBy(direction(SORT[query.sort]), asc(users.id))
      .limit(query.size)
      .offset(query.page * query.size),
    ctx.db.select({ n: count() }).from(businessMembers).where(where),
  ]);
  return { items: rows.map(toMember), total: total?.n ?? 0, page: query.page, size: query.size };
}

/** The accepted members among `ids`; 404 MEMBER_NOT_FOUND names the ids that are not. */
async function acceptedMembers(
  tx: DbOrTx,
  businessId: string,
  ids: readonly string[],
): Promise<TMemberRow[]> {
  const rows = await tx
    .select(memberColumns)
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(
      and(eq(businessMembers.businessId, businessId), inArray(businessMembers.userId, [...ids])),
    );
  const found = new Set(rows.filter((r) => r.accepted).map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new AppError('MEMBER_NOT_FOUND', 404, 'Not a member of this business', {
      user_ids: missing,
    });
  }
  return rows;
}

/** Every member's role (for the last-admin rule), read under the business lock. */
async function roles(tx: DbOrTx, businessId: string) {
  return tx
    .select({ id: businessMembers.userId, role: businessMembers.role })
    .from(businessMembers)
    .where(eq(businessMembers.businessId, businessId));
}

/**
 * Gives the members `ids` the role `to` (`change-to-admins`, `change-to-members`; admin only):
 * every id must be a member who accepted; demoting never leaves the business without an admin
 * (409 LAST_BUSINESS_ADMIN, nothing changed). A promotion counts as the admin's "since".
 */
export async function changeRole(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  input: TUserIds,
  to: TBusinessRole,
): Promise<TBusiness> {
  try {
    return await changeBusiness(
      ctx,
      businessId,
      'admin',
      async ({ tx, business, actor }) => {
        const targets = (await acceptedMembers(tx, businessId, input.user_ids)).filter(
          (m) => m.role !== to,
        );
        const demote = to === 'member';
        if (
          demote &&
          !keepsAnAdmin(await roles(tx, businessId), { kind: 'demote', ids: input.user_ids })
        ) {
          throw lastAdmin();
        }
        if (targets.length > 0) {
          await tx
            .update(businessMembers)
            .set(demote ? { role: to } : { role: to, createdAt: new Date() })
            .where(
              and(
                eq(businessMembers.businessId, businessId),
                inArray(
                  businessMembers.userId,
                  targets.map((m) => m.id),
                ),
              ),
            );
          await recordBusinessEvents(
            tx,
            targets.map((m) => ({
              businessId,
              type: demote ? ('member_demoted' as const) : ('member_promoted' as const),
              actor,
              subject: m.email,
            })),
          );
        }
        return toBusinessDto(tx, business, ctx.principal.userId);
      },
      'members',
    );
  } catch (e) {
    throw asLastAdminError(e);
  }
}

/**
 * `POST /v1/businesses/{id}/remove-members`: an admin removes members; any member may name only
 * themselves (leaving the business, the profile's "leave business"). Never the last admin.
 * Their requests stay theirs (no longer the business's); those removed by someone else see the
 * "removed from business" dialog at their next visit.
 */
export async function removeMembers(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  input: TUserIds,
): Promise<{ status: 'ok' }> {
  const self = ctx.principal.userId;
  const leaving = input.user_ids.length === 1 && input.user_ids[0] === self;
  try {
    return await changeBusiness(
      ctx,
      businessId,
      leaving ? 'member' : 'admin',
      async ({ tx, actor }) => {
        const targets = await acceptedMembers(tx, businessId, input.user_ids);
        if (!keepsAnAdmin(await roles(tx, businessId), { kind: 'remove', ids: input.user_ids })) {
          throw lastAdmin();
        }
        const ids = targets.map((m) => m.id);
        await detachMembers(tx, businessId, ids, { removedBy: leaving ? null : self });
        await recordBusinessEvents(
          tx,
          targets.map((m) => ({
            businessId,
            type: leaving ? ('member_left' as const) : ('member_removed' as const),
            actor,
            subject: m.email,
          })),
        );
        return { status: 'ok' as const };
      },
      'members',
    );
  } catch (e) {
    throw asLastAdminError(e);
  }
}

/**
 * Members leave the business: memberships end, their requests are theirs alone (no longer the
 * business's: its retention and branding stop applying; signatures already counted stay counted),
 * their pending invitations end. `removedBy` someone else (or the deletion: `businessDeleted`)
 * sets the flag the "business downgraded" dialog reads.
 */
export async function detachMembers(
  tx: DbOrTx,
  businessId: string,
  ids: readonly string[],
  reason: { removedBy: string | null } | { businessDeleted: true },
): Promise<void> {
  if (ids.length === 0) return;
  const list = [...ids];
  await tx
    .delete(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), inArray(businessMembers.userId, list)));
  await tx
    .update(signatureRequests)
    .set({ businessId: null })
    .where(
      and(eq(signatureRequests.businessId, businessId), inArray(signatureRequests.ownerId, list)),
    );
  await tx
    .update(businessInvitations)
    .set({ status: 'cancelled', answeredAt: new Date() })
    .where(
      and(
        eq(businessInvitations.businessId, businessId),
        inArray(businessInvitations.userId, list),
        eq(businessInvitations.status, 'pending'),
      ),
    );
  const flag =
    'businessDeleted' in reason
      ? { businessDeleted: true, acceptedBusinessInvite: true }
      : reason.removedBy
        ? { removedFromBusiness: true, acceptedBusinessInvite: true }
        : { acceptedBusinessInvite: true };
  await tx.update(users).set(flag).where(inArray(users.id, list));
}

/** `PUT /v1/businesses/{id}/members/{userId}` (admin): the member's cost centre. */
export async function updateMember(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  userId: string,
  input: TUpdateMember,
): Promise<TBusinessMember> {
  return changeBusiness(
    ctx,
    businessId,
    'admin',
    async ({ tx }) => {
      const [updated] = await tx
        .update(businessMembers)
        .set({ costCentre: input.costCentre })
        .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)))
        .returning({ userId: businessMembers.userId });
      if (!updated) throw new AppError('MEMBER_NOT_FOUND', 404, 'Not a member of this business');
      const [row] = await tx
        .select(memberColumns)
        .from(businessMembers)
        .innerJoin(users, eq(users.id, businessMembers.userId))
        .where(eq(businessMembers.userId, userId));
      if (!row) throw new AppError('MEMBER_NOT_FOUND', 404, 'Not a member of this business');
      return toMember(row);
    },
    'members',
  );
}
