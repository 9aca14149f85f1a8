import * as ENDPOINTS from '../api/endpoints.ts';
import { defineRoute } from '../api/route.ts';
import { ZBusinessIdParamsSchema } from '../business/business.schema.ts';
import {
  ZPricePlanListSchema,
  ZSetupIntentRequestSchema,
  ZSetupIntentSchema,
  ZSubscriptionUsageSchema,
  ZUpdateSeatsSchema,
  ZWebhookAnswerSchema,
} from './billing.schema.ts';

const tags = ['billing'] as const;
const ADMIN = 'Members who are not admins get 403 NOT_ALLOWED, everyone else 404 NOT_FOUND.';
const params = ZBusinessIdParamsSchema;

/** Plans, trials and seats (spec section 7, Payments and Business). */
export const billingRoutes = {
  listPricePlans: defineRoute({
    ...ENDPOINTS.listPricePlans,
    summary: 'The plans and their prices in every cycle and currency',
    description: 'Public. Amounts in minor units (cents), per seat where `perSeat`.',
    tags,
    response: ZPricePlanListSchema,
  }),
  getSubscriptionUsage: defineRoute({
    ...ENDPOINTS.getSubscriptionUsage,
    summary: 'The plan, the trial end and the seats in use (admin)',
    description: `Seats in use: members (invitees who have an account included) and pending invitations of addresses without one. ${ADMIN}`,
    tags,
    params,
    response: ZSubscriptionUsageSchema,
  }),
  updateSubscriptionSeats: defineRoute({
    ...ENDPOINTS.updateSubscriptionSeats,
    summary: 'Set the number of seats (admin)',
    description: `409 SEATS_BELOW_MEMBERS when fewer than the seats in use (details.used); 403 BUSINESS_LOCKED while locked. ${ADMIN}`,
    tags,
    params,
    body: ZUpdateSeatsSchema,
    response: ZSubscriptionUsageSchema,
  }),
  createSetupIntent: defineRoute({
    ...ENDPOINTS.createSetupIntent,
    summary: 'Collect a card for a plan at the payment provider (admin)',
    description: `Open while the business is locked. Answers the provider's card page (\`redirectUrl\`); the plan starts when the provider reports the card by webhook. 422 PLAN_UNKNOWN, 409 SEATS_BELOW_MEMBERS, 503 PAYMENTS_UNAVAILABLE without a provider. ${ADMIN}`,
    tags,
    params,
    body: ZSetupIntentRequestSchema,
    response: ZSetupIntentSchema,
  }),
  paymentWebhook: defineRoute({
    ...ENDPOINTS.paymentWebhook,
    summary: "The payment provider's events (Stripe's webhook format)",
    description:
      'Raw JSON body signed in the Stripe-Signature header (400 WEBHOOK_SIGNATURE_INVALID otherwise, nothing changed). Applied once per event id (a replay answers duplicate: true); a subscription event older than the last applied does not move the subscription back.',
    tags,
    response: ZWebhookAnswerSchema,
  }),
  cancelTrial: defineRoute({
    ...ENDPOINTS.cancelTrial,
    summary: 'End the trial now (admin)',
    description: `The business then needs a payment method and is locked until it has one (spec section 6). 409 NOT_TRIALING when it is not trialing. ${ADMIN}`,
    tags,
    params,
    response: ZSubscriptionUsageSchema,
  }),
};
