import { BUSINESS_ERRORS } from '@signet/shared/business/business.constants';
import { emailDomain } from '@signet/shared/business/business.rules';
import type { TInvitation, TInvitationList } from '@signet/shared/business/business.schema';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { businessDomains } from '../../db/schema/business-domains.ts';
import {
  businessInvitations,
  type TBusinessInvitationRow,
} from '../../db/schema/business-invitations.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { siteLink } from '../auth/links.ts';
import type { ServiceContext } from '../context.ts';
import { recordBusinessEvents } from './business-events.ts';
import { changeBusiness, readBusiness } from './membership.ts';

export const toInvitationDto = (row: TBusinessInvitationRow): TInvitation => ({
  id: row.id,
  email: row.email,
  status: row.status,
  source: row.source,
  userId: row.userId,
  invitedBy: row.invitedBy,
  invitedAt: row.createdAt.toISOString(),
});

/** Where an invitation mail leads: `/invite/{id}`, through signup for an address without account. */
export function invitationLink(
  config: Pick<Config, 'publicUrl'>,
  invitation: { id: string; email: string },
  hasAccount: boolean,
): string {
  const page = `/invite/${invitation.id}`;
  return hasAccount
    ? siteLink(config, page)
    : siteLink(config, '/signup', { email: invitation.email, redirect: page });
}

/** The invitation mail, in the invitee's language (their account's, else the inviter's). */
export async function mailInvitation(
  tx: DbOrTx,
  config: Pick<Config, 'publicUrl'>,
  invitation: TBusinessInvitationRow,
  facts: {
    businessName: string;
    inviterName: string;
    lang: string;
    hasAccount: boolean;
    /** The business's logo (absolute URL), shown at the top of the mail. */
    logoUrl?: string | undefined;
  },
): Promise<void> {
  await enqueueMail(tx, {
    to: invitation.email,
    template: 'business-invitation',
    lang: facts.lang,
    data: {
      businessName: facts.businessName,
      inviterName: facts.inviterName,
      email: invitation.email,
      url: invitationLink(config, invitation, facts.hasAccount),
      ...(facts.logoUrl ? { logoUrl: facts.logoUrl, logoAlt: facts.businessName } : {}),
    },
  });
}

/** `GET /v2/businesses/{id}/invitations` (admin): the invitations not answered yet, newest first. */
export async function listInvitations(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
): Promise<TInvitationList> {
  await readBusiness(ctx, businessId);
  const rows = await ctx.db
    .select()
    .from(businessInvitations)
    .where(
      and(
        eq(businessInvitations.businessId, businessId),
        eq(businessInvitations.status, 'pending'),
      ),
    )
    .orderBy(asc(businessInvitations.createdAt), asc(businessInvitations.email));
  return { items: rows.map(toInvitationDto) };
}

const invitationNotFound = () =>
  new AppError('INVITATION_NOT_FOUND', 404, 'No such invitation waiting for an answer');

/**
 * `DELETE /v1/businesses/{id}/invitations/{inviteId}` (admin): the invitation ends; an invitee
 * who already has an account stops being a member who has not answered.
 */
export async function cancelInvitation(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  invitationId: string,
): Promise<{ status: 'ok' }> {
  return changeBusiness(
    ctx,
    businessId,
    'admin',
    async ({ tx, actor }) => {
      const [row] = await tx
        .update(businessInvitations)
        .set({ status: 'cancelled', answeredAt: new Date() })
        .where(
          and(
            eq(businessInvitations.id, invitationId),
            eq(businessInvitations.businessId, businessId),
            eq(businessInvitations.status, 'pending'),
          ),
        )
        .returning();
      if (!row) throw invitationNotFound();
      if (row.userId) await detachInvitee(tx, businessId, row.userId);
      await recordBusinessEvents(tx, [
        { businessId, type: 'invitation_cancelled', actor, subject: row.email },
      ]);
      return { status: 'ok' as const };
    },
    'invitations',
  );
}

/** An invitee who has not answered stops being a member (their account is untouched otherwise). */
async function detachInvitee(tx: DbOrTx, businessId: string, userId: string): Promise<void> {
  const [user] = await tx
    .select({ accepted: users.acceptedBusinessInvite })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.accepted) return;
  await tx
    .delete(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
  await tx.update(users).set({ acceptedBusinessInvite: true }).where(eq(users.id, userId));
}

/**
 * Makes a user who belongs to no business a member who has not answered `invitation` yet (the
 * business invitation dialog then asks them). False when they belong to a business meanwhile.
 */
export async function attachInvitee(
  tx: DbOrTx,
  invitation: Pick<TBusinessInvitationRow, 'id' | 'businessId'>,
  userId: string,
): Promise<boolean> {
  const [member] = await tx
    .insert(businessMembers)
    .values({ businessId: invitation.businessId, userId, role: 'member' })
    .onConflictDoNothing({ target: businessMembers.userId })
    .returning();
  if (!member) return false;
  await tx.update(users).set({ acceptedBusinessInvite: false }).where(eq(users.id, userId));
  await tx
    .update(businessInvitations)
    .set({ userId })
    .where(eq(businessInvitations.id, invitation.id));
  return true;
}

/**
 * After registration: an address with a pending invitation becomes a member who has not
 * answered it (the oldest one, when several businesses invited it); without one, an address of
 * a domain a business verified is offered to join that business the same way.
 */
export async function offerMembershipOnSignup(
  tx: DbOrTx,
  user: { id: string; email: string },
): Promise<void> {
  const [pending] = await tx
    .select()
    .from(businessInvitations)
    .where(
      and(
        eq(businessInvitations.email, user.email),
        eq(businessInvitations.status, 'pending'),
        isNull(businessInvitations.userId),
      ),
    )
    .orderBy(asc(businessInvitations.createdAt))
    .limit(1);
  if (pending) {
    await attachInvitee(tx, pending, user.id);
    return;
  }
  const [domain] = await tx
    .select({ businessId: businessDomains.businessId })
    .from(businessDomains)
    .where(
      and(
        eq(businessDomains.domain, emailDomain(user.email)),
        eq(businessDomains.status, 'verified'),
      ),
    )
    .limit(1);
  if (!domain) return;
  const [offer] = await tx
    .insert(businessInvitations)
    .values({ businessId: domain.businessId, email: user.email, source: 'domain' })
    .onConflictDoNothing()
    .returning();
  if (offer) await attachInvitee(tx, offer, user.id);
}

/**
 * `POST /v1/user/accept` with `business_invite`: the invitee's answer. Accepting makes them a
 * member; declining ends the membership that was waiting for it. 409 NO_PENDING_INVITATION when
 * there is nothing to answer.
 */
export async function answerInvitation(
  tx: DbOrTx,
  user: { id: string; email: string; acceptedBusinessInvite: boolean },
  accept: boolean,
): Promise<void> {
  const [membership] = await tx
    .select()
    .from(businessMembers)
    .where(eq(businessMembers.userId, user.id))
    .for('update');
  if (!membership || user.acceptedBusinessInvite) {
    throw new AppError(BUSINESS_ERRORS.noInvitation, 409, 'There is no invitation to answer');
  }
  const now = new Date();
  const [invitation] = await tx
    .update(businessInvitations)
    .set({ status: accept ? 'accepted' : 'declined', answeredAt: now })
    .where(
      and(
        eq(businessInvitations.userId, user.id),
        eq(businessInvitations.businessId, membership.businessId),
        eq(businessInvitations.status, 'pending'),
      ),
    )
    .returning();
  if (!accept) {
    await tx.delete(businessMembers).where(eq(businessMembers.userId, user.id));
  } else {
    // The membership counts from the answer (the admins list says since when).
    await tx
      .update(businessMembers)
      .set({ createdAt: now })
      .where(eq(businessMembers.userId, user.id));
  }
  await tx.update(users).set({ acceptedBusinessInvite: true }).where(eq(users.id, user.id));
  await recordBusinessEvents(tx, [
    {
      businessId: membership.businessId,
      type: accept ? 'member_joined' : 'invitation_declined',
      actor: { id: user.id, email: user.email },
      subject: invitation?.email ?? user.email,
    },
  ]);
}
