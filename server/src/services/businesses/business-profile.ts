import type {
  TBusiness,
  TBusinessPublicInformation,
  TUpdateBusinessBase,
} from '@signet/shared/business/business.schema';
import { and, eq, inArray } from 'drizzle-orm';
import { businessDomains } from '../../db/schema/business-domains.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { AppError } from '../../errors.ts';
import type { ServiceContext } from '../context.ts';
import { businessSettings, toBusinessDto } from './business-dto.ts';
import { recordBusinessEvents } from './business-events.ts';
import { businessNotFound, changeBusiness, isUuid } from './membership.ts';

/**
 * `PUT /v2/businesses/{id}/base` (admin): AES for business. Its domains must be verified domains
 * of the business (409 DOMAIN_NOT_VERIFIED); enabling it needs a representative's name and
 * address (400 AES4BIZ_INCOMPLETE).
 */
export async function updateBusinessBase(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  input: TUpdateBusinessBase,
): Promise<TBusiness> {
  const a = input.aes4biz;
  if (a.enabled && (!a.representativeName || !a.representativeEmail)) {
    throw new AppError(
      'AES4BIZ_INCOMPLETE',
      400,
      'AES for business needs the name and e-mail of a representative',
    );
  }
  return changeBusiness(ctx, businessId, 'admin', async ({ tx, actor }) => {
    const domains = [...new Set(a.domains)];
    if (domains.length > 0) {
      const verified = await tx
        .select({ domain: businessDomains.domain })
        .from(businessDomains)
        .where(
          and(
            eq(businessDomains.businessId, businessId),
            eq(businessDomains.status, 'verified'),
            inArray(businessDomains.domain, domains),
          ),
        );
      const ok = new Set(verified.map((d) => d.domain));
      const missing = domains.filter((d) => !ok.has(d));
      if (missing.length > 0) {
        throw new AppError('DOMAIN_NOT_VERIFIED', 409, 'Only verified domains of the business', {
          domains: missing,
        });
      }
    }
    const [row] = await tx
      .update(businesses)
      .set({ aes4biz: { ...a, domains } })
      .where(eq(businesses.id, businessId))
      .returning();
    if (!row) throw businessNotFound();
    await recordBusinessEvents(tx, [
      { businessId, type: 'profile_changed', actor, data: { aes4biz: a.enabled } },
    ]);
    return toBusinessDto(tx, row, ctx.principal.userId);
  });
}

/**
 * `GET /v2/[direct/]businesses/{id}/public-information`: what a signer may see of a business —
 * its name, logo and support contact (an unknown id: 404).
 */
export async function getPublicInformation(
  ctx: Pick<ServiceContext, 'db'>,
  businessId: string,
): Promise<TBusinessPublicInformation> {
  if (!isUuid(businessId)) throw businessNotFound();
  const [row] = await ctx.db.select().from(businesses).where(eq(businesses.id, businessId));
  if (!row) throw businessNotFound();
  const settings = businessSettings(row);
  return {
    id: row.id,
    name: row.name,
    logo: settings.companyBranding.logo,
    supportContact: settings.supportContact,
    part11: settings.signatureRequests.part11.enabled,
  };
}
