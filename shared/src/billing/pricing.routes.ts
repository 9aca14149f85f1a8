import * as ENDPOINTS from '../api/endpoints.ts';
import { defineRoute } from '../api/route.ts';
import { ZBusinessIdParamsSchema } from '../business/business.schema.ts';
import { ZSubscriptionUsageSchema } from './billing.schema.ts';
import {
  ZCelloSchema,
  ZPricePreviewSchema,
  ZPromoValidationSchema,
  ZReferralCodeSchema,
  ZSeatsPreviewRequestSchema,
  ZSubscriptionUpgradeSchema,
  ZUpgradePreviewRequestSchema,
  ZValidatePromoRequestSchema,
} from './pricing.schema.ts';

const tags = ['billing'] as const;
const ADMIN = 'Members who are not admins get 403 NOT_ALLOWED, everyone else 404 NOT_FOUND.';
const PROMO =
  'A promo code that does not exist answers 404 PROMO_CODE_INVALID, an expired one 410 PROMO_CODE_EXPIRED, one redeemed as often as it may 409 PROMO_CODE_USED_UP, one this business has taken already 409 PROMO_CODE_ALREADY_APPLIED, one for other plans or cycles 422 PROMO_CODE_NOT_FOR_PLAN.';
const params = ZBusinessIdParamsSchema;

/** Previews with VAT and proration, promo and referral codes (spec section 7, Payments). */
export const pricingRoutes = {
  upgradePreview: defineRoute({
    ...ENDPOINTS.upgradePreview,
    summary: 'What an upgrade costs: now and at renewal, with discounts and VAT (admin)',
    description: `Minor units. 422 PLAN_UNKNOWN for a plan not sold in that cycle and currency; 409 SEATS_BELOW_MEMBERS for fewer seats than in use. ${PROMO} A referral code that is no one's answers 404 REFERRAL_CODE_INVALID. Open while locked. ${ADMIN}`,
    tags,
    params,
    body: ZUpgradePreviewRequestSchema,
    response: ZPricePreviewSchema,
  }),
  upgradeSubscription: defineRoute({
    ...ENDPOINTS.upgradeSubscription,
    summary: 'Change the running paid plan, cycle or seats with the card on file (admin)',
    description: `What upgrade/preview showed (without country and vat: the billing address's VAT): a new period from now, the unused days of the old plan credited, the code asked for taken, invoiced at once. A cancelling plan runs on. 409 PLAN_NOT_UPGRADABLE without a running paid plan (buy one with stripe_setup_intent), 409 PLAN_UNCHANGED for the plan the business has. 422 PLAN_UNKNOWN, 409 SEATS_BELOW_MEMBERS and the code answers as for the preview. ${PROMO} ${ADMIN}`,
    tags,
    params,
    body: ZSubscriptionUpgradeSchema,
    response: ZSubscriptionUsageSchema,
  }),
  directUpgradePreview: defineRoute({
    ...ENDPOINTS.directUpgradePreview,
    summary: 'What an individual plan costs the caller: now and at renewal, with VAT',
    description: `Minor units; one seat. 422 PLAN_UNKNOWN for a plan not sold in that cycle and currency. ${PROMO}`,
    tags,
    body: ZUpgradePreviewRequestSchema,
    response: ZPricePreviewSchema,
  }),
  seatsPreview: defineRoute({
    ...ENDPOINTS.seatsPreview,
    summary: 'What a change of seats costs now (prorated) and at renewal (admin)',
    description: `Added seats are charged for the days left in the paid period (days left / days in the cycle, rounded once); removed seats are not refunded and count from the renewal. While trialing nothing is due. 409 SEATS_BELOW_MEMBERS below the seats in use. ${ADMIN}`,
    tags,
    params,
    body: ZSeatsPreviewRequestSchema,
    response: ZPricePreviewSchema,
  }),
  validatePromo: defineRoute({
    ...ENDPOINTS.validatePromo,
    summary: 'Check a promo code for a plan and cycle (admin)',
    description: `${PROMO} ${ADMIN}`,
    tags,
    params,
    body: ZValidatePromoRequestSchema,
    response: ZPromoValidationSchema,
  }),
  referralCode: defineRoute({
    ...ENDPOINTS.referralCode,
    summary: 'The referral that applies to this business (admin)',
    description: `The admin's referral code from sign-up (\`ucc\`) when it is another person's and the business has not taken a referral yet; else null. ${ADMIN}`,
    tags,
    params,
    response: ZReferralCodeSchema,
  }),
  userCello: defineRoute({
    ...ENDPOINTS.userCello,
    summary: "The caller's own referral code and sign-up link",
    description:
      'Made on the first call, the same afterwards. Whoever signs up with the link (`?ucc=`) gets the referral discount on their first purchase.',
    tags: ['user'],
    response: ZCelloSchema,
  }),
};
