import { api } from '@signet/shared/api/api';
import { routeUrl } from '@signet/shared/api/route';
import { resolveBusinessSettings } from '@signet/shared/business/business.rules';
import type {
  TAes4biz,
  TBusiness,
  TBusinessSettings,
  TCompanyLogo,
} from '@signet/shared/business/business.schema';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessDomains } from '../../db/schema/business-domains.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import type { TBusinessRow } from '../../db/schema/businesses.ts';
import { sealMembers, seals } from '../../db/schema/seals.ts';
import { users } from '../../db/schema/users.ts';
import { billingDto, lockedNow } from '../billing/billing-state.ts';
import { businessDiscountsOf, discountDto, discountOf } from '../billing/promo-codes.ts';

const DEFAULT_AES4BIZ: TAes4biz = {
  enabled: false,
  representativeName: '',
  representativeEmail: '',
  commercialRegister: '',
  domains: [],
};

/** AES for business as stored, over its defaults. */
export function aes4bizOf(row: Pick<TBusinessRow, 'aes4biz'>): TAes4biz {
  return { ...DEFAULT_AES4BIZ, ...row.aes4biz };
}

/**
 * The logo as the settings name it: its URL below `/api` carries the blob's first characters, so
 * a new logo is a new URL (the old one may be cached for long).
 */
function logoOf(
  row: Pick<TBusinessRow, 'id' | 'logoBlobKey'>,
  stored: TBusinessSettings,
): TCompanyLogo | null {
  const logo = stored.companyBranding.logo;
  if (!row.logoBlobKey || !logo) return null;
  const url = routeUrl(api.getBusinessLogo, {
    params: { id: row.id },
    query: { v: row.logoBlobKey.slice(0, 12) },
  });
  return { ...logo, url };
}

/**
 * The settings of a business with their defaults (shared's `resolveBusinessSettings`) and the
 * logo's current URL. Every reader of settings goes through this (or `settingsForBusiness`).
 */
export function businessSettings(
  row: Pick<TBusinessRow, 'id' | 'settings' | 'logoBlobKey'>,
): TBusinessSettings {
  const settings = resolveBusinessSettings(row.settings);
  return { ...settings, companyBranding: { logo: logoOf(row, settings) } };
}

/**
 * The API view of a business for `readerId`: `members` lists everyone (admins and invitees who
 * have not answered too), `admins` the admins, `invitedMembers` those invitees, `domains` the
 * verified domains, `seals` the seals the reader is a member of (an admin manages every seal in
 * the console, but seals only with those).
 */
export async function toBusinessDto(
  db: DbOrTx,
  business: TBusinessRow,
  readerId: string,
): Promise<TBusiness> {
  const members = await db
    .select({
      userId: businessMembers.userId,
      role: businessMembers.role,
      accepted: users.acceptedBusinessInvite,
    })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(eq(businessMembers.businessId, business.id))
    .orderBy(asc(businessMembers.createdAt), asc(businessMembers.userId));
  const domains = await db
    .select({ domain: businessDomains.domain })
    .from(businessDomains)
    .where(and(eq(businessDomains.businessId, business.id), eq(businessDomains.status, 'verified')))
    .orderBy(asc(businessDomains.domain));
  const usable = await db
    .select({ accountName: seals.accountName, displayName: seals.displayName })
    .from(seals)
    .innerJoin(sealMembers, and(eq(sealMembers.sealId, seals.id), eq(sealMembers.userId, readerId)))
    .where(eq(seals.businessId, business.id))
    .orderBy(asc(seals.displayName), asc(seals.accountName));
  const billing = billingDto(business);
  const discounts = await businessDiscountsOf(db, business.id);
  return {
    ...billing,
    pricePlan: {
      ...billing.pricePlan,
      discounts: discounts.map((row) => discountDto(discountOf(row), row.endsAt)),
    },
    id: business.id,
    name: business.name,
    email: business.email,
    phone: business.phone,
    admins: members.filter((m) => m.role === 'admin').map((m) => m.userId),
    members: members.map((m) => m.userId),
    invitedMembers: members.filter((m) => !m.accepted).map((m) => m.userId),
    domains: domains.map((d) => d.domain),
    seals: usable,
    settings: businessSettings(business),
    aes4biz: aes4bizOf(business),
    locked: lockedNow(business),
    deletionDueAt: business.deletionDueAt?.toISOString() ?? null,
    createdAt: business.createdAt.toISOString(),
    gtcAcceptedAt: business.gtcAcceptedAt?.toISOString() ?? null,
    dpaAcceptedAt: business.dpaAcceptedAt?.toISOString() ?? null,
  };
}
