import { sanitiseSupportContact } from '@signet/shared/business/business.rules';
import type { TBusiness, TBusinessSettings } from '@signet/shared/business/business.schema';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import type { TBusinessRow } from '../../db/schema/businesses.ts';

/** The settings of a business with their defaults; a support contact that fails the rules is blank. */
export function businessSettings(row: Pick<TBusinessRow, 'settings'>): TBusinessSettings {
  return { supportContact: sanitiseSupportContact(row.settings.supportContact) };
}

/** The API view of a business: `members` lists everyone (admins too), `admins` the admins. */
export async function toBusinessDto(db: DbOrTx, business: TBusinessRow): Promise<TBusiness> {
  const members = await db
    .select({ userId: businessMembers.userId, role: businessMembers.role })
    .from(businessMembers)
    .where(eq(businessMembers.businessId, business.id))
    .orderBy(asc(businessMembers.createdAt), asc(businessMembers.userId));
  return {
    id: business.id,
    name: business.name,
    email: business.email,
    phone: business.phone,
    admins: members.filter((m) => m.role === 'admin').map((m) => m.userId),
    members: members.map((m) => m.userId),
    invitedMembers: [],
    domains: [],
    settings: businessSettings(business),
    createdAt: business.createdAt.toISOString(),
    gtcAcceptedAt: business.gtcAcceptedAt?.toISOString() ?? null,
    dpaAcceptedAt: business.dpaAcceptedAt?.toISOString() ?? null,
  };
}
