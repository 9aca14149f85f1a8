import { BUSINESS_ERRORS } from '@signet/shared/business/business.constants';
import type { TInvitationList, TInviteMembers } from '@signet/shared/business/business.schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { businessInvitations } from '../../db/schema/business-invitations.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { assertSeatsFor } from '../billing/subscription.ts';
import type { ServiceContext } from '../context.ts';
import { isUniqueViolation } from '../users/unique-violation.ts';
import { businessSettings } from './business-dto.ts';
import { recordBusinessEvents } from './business-events.ts';
import { attachInvitee, mailInvitation, toInvitationDto } from './invitations.ts';
import { changeBusiness } from './membership.ts';

const otherBusiness = (emails: string[]) =>
  new AppError(
    BUSINESS_ERRORS.otherBusiness,
    409,
    'An address belongs to a member of another business',
    { emails },
  );

/**
 * `POST /v1/businesses/{id}/members` (admin): invites every address; each gets a mail with
 * `/invite/{id}`. An address with an account becomes a member who has not answered yet (spec:
 * invitees must accept); one without is attached when it registers. All or nothing: an address
 * of a member of another business (409 MEMBER_OF_OTHER_BUSINESS) or of this one (409
 * ALREADY_MEMBER) refuses the whole call, and so do addresses beyond the seats (409
 * SEATS_EXCEEDED). Inviting an address again sends the mail again.
 */
export async function inviteMembers(
  ctx: Pick<ServiceContext, 'db' | 'principal' | 'config'>,
  businessId: string,
  input: TInviteMembers,
): Promise<TInvitationList> {
  const emails = [...new Set(input.users)];
  try {
    return await changeBusiness(
      ctx,
      businessId,
      'admin',
      async ({ tx, business, actor }) => {
        const accounts = await tx
          .select({
            id: users.id,
            email: users.email,
            lang: users.lang,
            accepted: users.acceptedBusinessInvite,
            businessId: businessMembers.businessId,
          })
          .from(users)
          .leftJoin(businessMembers, eq(businessMembers.userId, users.id))
          .where(inArray(users.email, emails));
        const others = accounts.filter((a) => a.businessId && a.businessId !== businessId);
        if (others.length > 0) throw otherBusiness(others.map((a) => a.email));
        const members = accounts.filter((a) => a.businessId === businessId && a.accepted);
        if (members.length > 0) {
          throw new AppError(BUSINESS_ERRORS.alreadyMember, 409, 'An address is already a member', {
            emails: members.map((a) => a.email),
          });
        }
        await assertSeatsFor(tx, business, emails);
        const [inviter] = await tx
          .select({ firstName: users.firstName, lastName: users.lastName, lang: users.lang })
          .from(users)
          .where(eq(users.id, actor.id));
        const inviterName =
          `${inviter?.firstName ?? ''} ${inviter?.lastName ?? ''}`.trim() || actor.email;
        const byEmail = new Map(accounts.map((a) => [a.email, a]));
        const logo = businessSettings(business).companyBranding.logo;
        const logoUrl = logo ? `${ctx.config.publicUrl}${logo.url}` : undefined;
        const now = new Date();
        const invited = [];
        for (const email of emails) {
          const [row] = await tx
            .insert(businessInvitations)
            .values({ businessId, email, invitedBy: actor.id, createdAt: now })
            .onConflictDoUpdate({
              target: [businessInvitations.businessId, businessInvitations.email],
              targetWhere: sql`${businessInvitations.status} = 'pending'`,
              set: { invitedBy: actor.id, createdAt: now },
            })
            .returning();
          if (!row) throw new Error('invitation upsert returned no row');
          const account = byEmail.get(email);
          if (account && !account.businessId && !(await attachInvitee(tx, row, account.id))) {
            throw otherBusiness([email]);
          }
          await mailInvitation(
            tx,
            ctx.config,
            { ...row, userId: account?.id ?? row.userId },
            {
              businessName: business.name,
              inviterName,
              lang: account?.lang ?? inviter?.lang ?? 'en',
              hasAccount: Boolean(account),
              logoUrl,
            },
          );
          invited.push(toInvitationDto({ ...row, userId: account?.id ?? row.userId }));
        }
        await recordBusinessEvents(
          tx,
          emails.map((email) => ({
            businessId,
            type: 'member_invited' as const,
            actor,
            subject: email,
          })),
        );
        return { items: invited };
      },
      'members',
    );
  } catch (e) {
    // An invitee joined another business between our read and our insert.
    if (isUniqueViolation(e)) throw otherBusiness(emails);
    throw e;
  }
}

/** The e-mail addresses of the given members of a business (for the account log). */
export async function memberEmails(
  tx: Parameters<typeof recordBusinessEvents>[0],
  businessId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(
      and(eq(businessMembers.businessId, businessId), inArray(businessMembers.userId, [...ids])),
    );
  return new Map(rows.map((r) => [r.id, r.email]));
}
