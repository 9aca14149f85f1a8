import type { TBusinessRole } from '@signet/shared/business/business.constants';
import { SIGNER_GROUP_ERRORS } from '@signet/shared/signer-group/signer-group.constants';
import type {
  TSignerGroup,
  TSignerGroupInput,
  TSignerGroupList,
} from '@signet/shared/signer-group/signer-group.schema';
import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses, type TBusinessRow } from '../../db/schema/businesses.ts';
import { signerGroups, type TSignerGroupRow } from '../../db/schema/signer-groups.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { businessSettings } from '../businesses/business-dto.ts';
import { isUuid } from '../businesses/membership.ts';
import type { ServiceContext } from '../context.ts';

type Ctx = Pick<ServiceContext, 'db' | 'principal'>;

const groupsOff = () =>
  new AppError(SIGNER_GROUP_ERRORS.off, 403, 'Signer groups are not part of your plan');
const groupNotFound = () => new AppError('NOT_FOUND', 404, 'No such signer group');

const toGroupDto = (row: TSignerGroupRow, withMembers: boolean): TSignerGroup => ({
  id: row.id,
  name: row.name,
  memberCount: row.members.length,
  ...(withMembers ? { members: row.members } : {}),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

type CallerBusiness = {
  business: TBusinessRow;
  role: TBusinessRole;
  limits: { maxGroups: number; maxParticipants: number };
};

/**
 * The business whose groups the caller uses: an API user's, or the one the caller is a member of
 * (invitation accepted), with the caller's role (an API user acts as the business: admin) and the
 * limits of its settings. No business, or `maxGroups` 0: 403 SIGNER_GROUPS_NOT_AVAILABLE.
 * `forUpdate` locks the business row (so two creations cannot both pass the limit).
 */
async function callerBusiness(
  db: DbOrTx,
  principal: Ctx['principal'],
  options: { forUpdate?: boolean } = {},
): Promise<CallerBusiness> {
  let found: { business: TBusinessRow; role: TBusinessRole } | undefined;
  if (principal.apiUser) {
    const query = db
      .select({ business: businesses })
      .from(businesses)
      .where(eq(businesses.id, principal.apiUser.businessId));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    found = row ? { business: row.business, role: 'admin' } : undefined;
  } else {
    const query = db
      .select({ business: businesses, role: businessMembers.role })
      .from(businessMembers)
      .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
      .innerJoin(
        users,
        and(eq(users.id, businessMembers.userId), eq(users.acceptedBusinessInvite, true)),
      )
      .where(eq(businessMembers.userId, principal.userId))
      .limit(1);
    const [row] = options.forUpdate ? await query.for('update', { of: businesses }) : await query;
    found = row;
  }
  if (!found) throw groupsOff();
  const limits = businessSettings(found.business).signerGroups;
  if (limits.maxGroups <= 0) throw groupsOff();
  return { ...found, limits };
}

const requireAdmin = (caller: CallerBusiness) => {
  if (caller.role !== 'admin') {
    throw new AppError('NOT_ALLOWED', 403, 'Only an admin of the business may do this.');
  }
};

/** Members: at most `maxParticipants`, each address once (lowercased, in the given order). */
function checkMembers(caller: CallerBusiness, members: readonly string[]): string[] {
  const emails = members.map((m) => m.trim().toLowerCase());
  if (caller.limits.maxParticipants > 0 && emails.length > caller.limits.maxParticipants) {
    throw new AppError(
      SIGNER_GROUP_ERRORS.tooManyMembers,
      400,
      `A signer group may have at most ${caller.limits.maxParticipants} members`,
      { maximum: caller.limits.maxParticipants },
    );
  }
  const seen = new Set<string>();
  for (const email of emails) {
    if (seen.has(email)) {
      throw new AppError(SIGNER_GROUP_ERRORS.duplicateMember, 400, `${email} is named twice`, {
        email,
      });
    }
    seen.add(email);
  }
  return emails;
}

async function groupOf(db: DbOrTx, businessId: string, id: string): Promise<TSignerGroupRow> {
  if (!isUuid(id)) throw groupNotFound();
  const [row] = await db
    .select()
    .from(signerGroups)
    .where(and(eq(signerGroups.id, id), eq(signerGroups.businessId, businessId)));
  if (!row) throw groupNotFound();
  return row;
}

/** `GET /v3/groups`: the groups of the caller's business, oldest first. */
export async function listSignerGroups(
  ctx: Ctx,
  includeMembers: boolean,
): Promise<TSignerGroupList> {
  const { business } = await callerBusiness(ctx.db, ctx.principal);
  const rows = await ctx.db
    .select()
    .from(signerGroups)
    .where(eq(signerGroups.businessId, business.id))
    .orderBy(asc(signerGroups.createdAt), asc(signerGroups.id));
  return rows.map((r) => toGroupDto(r, includeMembers));
}

/** `GET /v3/groups/{id}`: one group of the caller's business (404 for any other). */
export async function getSignerGroup(
  ctx: Ctx,
  id: string,
  includeMembers: boolean,
): Promise<TSignerGroup> {
  const { business } = await callerBusiness(ctx.db, ctx.principal);
  return toGroupDto(await groupOf(ctx.db, business.id, id), includeMembers);
}

/** `POST /v3/groups` (admin): a new group, within `maxGroups` and `maxParticipants`. */
export async function createSignerGroup(ctx: Ctx, input: TSignerGroupInput): Promise<TSignerGroup> {
  return ctx.db.transaction(async (tx) => {
    const caller = await callerBusiness(tx, ctx.principal, { forUpdate: true });
    requireAdmin(caller);
    const members = checkMembers(caller, input.members);
    const [existing] = await tx
      .select({ n: count() })
      .from(signerGroups)
      .where(eq(signerGroups.businessId, caller.business.id));
    if ((existing?.n ?? 0) >= caller.limits.maxGroups) {
      throw new AppError(
        SIGNER_GROUP_ERRORS.tooMany,
        409,
        `The business may have at most ${caller.limits.maxGroups} signer groups`,
        { maximum: caller.limits.maxGroups },
      );
    }
    const [row] = await tx
      .insert(signerGroups)
      .values({ businessId: caller.business.id, name: input.name, members })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toGroupDto(row, true);
  });
}

/** `PUT /v3/groups/{id}` (admin): replaces the name and the members. */
export async function updateSignerGroup(
  ctx: Ctx,
  id: string,
  input: TSignerGroupInput,
): Promise<TSignerGroup> {
  return ctx.db.transaction(async (tx) => {
    const caller = await callerBusiness(tx, ctx.principal, { forUpdate: true });
    requireAdmin(caller);
    const members = checkMembers(caller, input.members);
    const group = await groupOf(tx, caller.business.id, id);
    const [row] = await tx
      .update(signerGroups)
      .set({ name: input.name, members, updatedAt: new Date() })
      .where(eq(signerGroups.id, group.id))
      .returning();
    return toGroupDto(row ?? group, true);
  });
}

/** `DELETE /v1/groups/{id}` (admin). */
export async function deleteSignerGroup(ctx: Ctx, id: string): Promise<TSignerGroup> {
  return ctx.db.transaction(async (tx) => {
    const caller = await callerBusiness(tx, ctx.principal, { forUpdate: true });
    requireAdmin(caller);
    const group = await groupOf(tx, caller.business.id, id);
    await tx.delete(signerGroups).where(eq(signerGroups.id, group.id));
    return toGroupDto(group, true);
  });
}
