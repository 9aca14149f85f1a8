import type { TBusinessSettings } from '@signet/shared/business/business.schema';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiUsers } from '../../db/schema/api-users.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses, type TBusinessRow } from '../../db/schema/businesses.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { users } from '../../db/schema/users.ts';
import { businessSettings } from './business-dto.ts';

/** A business's id, name and settings (what the request and signing services need of it). */
export type TBusinessWithSettings = {
  businessId: string;
  name: string;
  settings: TBusinessSettings;
};

const withSettings = (business: TBusinessRow): TBusinessWithSettings => ({
  businessId: business.id,
  name: business.name,
  settings: businessSettings(business),
});

/**
 * The settings that apply to a signature request: those of the business it was sent for (its
 * owner's, when they sent it as a member), or null for a private request. The one function the
 * request and signing services ask (Part 11, branding, mail attachments, direct sign).
 */
export async function settingsForRequest(
  db: DbOrTx,
  requestId: string,
): Promise<TBusinessWithSettings | null> {
  const [row] = await db
    .select({ business: businesses })
    .from(signatureRequests)
    .innerJoin(businesses, eq(businesses.id, signatureRequests.businessId))
    .where(eq(signatureRequests.id, requestId))
    .limit(1);
  return row ? withSettings(row.business) : null;
}

/**
 * The settings of the business a user sends for: the one they belong to and whose invitation
 * they accepted (what a request they create now gets), an API user's business for its account,
 * or null.
 */
export async function settingsForUser(
  db: DbOrTx,
  userId: string,
): Promise<TBusinessWithSettings | null> {
  const [row] = await db
    .select({ business: businesses })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .innerJoin(
      users,
      and(eq(users.id, businessMembers.userId), eq(users.acceptedBusinessInvite, true)),
    )
    .where(eq(businessMembers.userId, userId))
    .limit(1);
  if (row) return withSettings(row.business);
  // The account of an API user sends for the API user's business.
  const [api] = await db
    .select({ business: businesses })
    .from(apiUsers)
    .innerJoin(businesses, eq(businesses.id, apiUsers.businessId))
    .where(eq(apiUsers.userId, userId))
    .limit(1);
  return api ? withSettings(api.business) : null;
}
