import { BUSINESS_ERRORS } from '@signet/shared/business/business.constants';
import {
  applySettingsUpdate,
  resolveBusinessSettings,
} from '@signet/shared/business/business.rules';
import type {
  TBusinessSettingsResponse,
  TCustomExtras,
  TUpdateBusinessSettings,
} from '@signet/shared/business/business.schema';
import { eq } from 'drizzle-orm';
import { businesses } from '../../db/schema/businesses.ts';
import { AppError } from '../../errors.ts';
import type { TImage } from '../../http/image-body.ts';
import type { ServiceContext } from '../context.ts';
import { aes4bizOf, businessSettings } from './business-dto.ts';
import { recordBusinessEvents } from './business-events.ts';
import { businessNotFound, changeBusiness, isUuid, readBusiness } from './membership.ts';

/** `GET /v1/businesses/{id}/settings` (admin): the whole settings object with its defaults. */
export async function getSettings(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
): Promise<TBusinessSettingsResponse> {
  const { business } = await readBusiness(ctx, businessId);
  return { settings: businessSettings(business) };
}

/**
 * `PUT /v1/businesses/{id}/settings` (admin): what an admin may change; a mail attachment that
 * is not customisable keeps its value (403 SETTING_NOT_EDITABLE, nothing changed).
 * `companyBranding.logo: null` removes the logo. Logged as 'settings_changed' with what was sent.
 */
export async function updateSettings(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  input: TUpdateBusinessSettings,
): Promise<TBusinessSettingsResponse> {
  return changeBusiness(ctx, businessId, 'admin', async ({ tx, business, actor }) => {
    const result = applySettingsUpdate(resolveBusinessSettings(business.settings), input);
    if ('refused' in result) {
      throw new AppError(BUSINESS_ERRORS.notEditable, 403, 'This setting comes with the plan', {
        path: result.refused.path,
      });
    }
    const [row] = await tx
      .update(businesses)
      .set({
        settings: result.settings,
        ...(input.companyBranding ? { logoBlobKey: null, logoType: null } : {}),
      })
      .where(eq(businesses.id, businessId))
      .returning();
    await recordBusinessEvents(tx, [
      { businessId, type: 'settings_changed', actor, data: input as Record<string, unknown> },
    ]);
    return { settings: businessSettings(row ?? business) };
  });
}

/**
 * `PUT /v1/businesses/{id}/settings/logo` (admin): a checked PNG or JPEG (see readImageBody)
 * becomes the company logo shown in mails and on the signing pages of the business's requests.
 */
export async function uploadLogo(
  ctx: Pick<ServiceContext, 'db' | 'principal' | 'blobs'>,
  businessId: string,
  image: TImage,
): Promise<TBusinessSettingsResponse> {
  // Only admins may write blobs: check before storing anything.
  await readBusiness(ctx, businessId);
  const { key } = await ctx.blobs.put(image.bytes, { contentType: image.type });
  return changeBusiness(ctx, businessId, 'admin', async ({ tx, business, actor }) => {
    const settings = resolveBusinessSettings(business.settings);
    const [row] = await tx
      .update(businesses)
      .set({
        logoBlobKey: key,
        logoType: image.type,
        settings: {
          ...settings,
          companyBranding: { logo: { width: image.width, height: image.height, url: '' } },
        },
      })
      .where(eq(businesses.id, businessId))
      .returning();
    await recordBusinessEvents(tx, [
      { businessId, type: 'settings_changed', actor, data: { companyBranding: 'logo' } },
    ]);
    return { settings: businessSettings(row ?? business) };
  });
}

/** `GET /v1/businesses/{id}/logo` (public): the logo's bytes and type; 404 without one. */
export async function getLogo(
  ctx: Pick<ServiceContext, 'db' | 'blobs'>,
  businessId: string,
): Promise<{ bytes: Uint8Array; type: string; key: string }> {
  if (!isUuid(businessId)) throw businessNotFound();
  const [row] = await ctx.db
    .select({ key: businesses.logoBlobKey, type: businesses.logoType })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!row?.key || !row.type) throw new AppError('NOT_FOUND', 404, 'This business has no logo');
  const bytes = await ctx.blobs.get(row.key);
  if (!bytes) throw new AppError('NOT_FOUND', 404, 'This business has no logo');
  return { bytes, type: row.type, key: row.key };
}

/**
 * `GET /v2/businesses/{id}/customextras` (admin): what the business has beyond the basics, from
 * its settings (signer groups with their limit, direct sign, Part 11, the affiliate widget, user
 * guidance, AES for business).
 */
export async function getCustomExtras(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
): Promise<TCustomExtras> {
  const { business } = await readBusiness(ctx, businessId);
  const s = businessSettings(business);
  return {
    items: [
      {
        key: 'signerGroups',
        enabled: s.signerGroups.maxGroups > 0,
        limit: s.signerGroups.maxGroups,
      },
      { key: 'directSign', enabled: s.mabSettings.directSign.enabled, limit: null },
      { key: 'part11', enabled: s.signatureRequests.part11.enabled, limit: null },
      { key: 'affiliate', enabled: s.affiliate.enabled, limit: null },
      { key: 'userPilot', enabled: s.userPilot.enabled, limit: null },
      { key: 'aes4biz', enabled: aes4bizOf(business).enabled, limit: null },
    ],
  };
}
