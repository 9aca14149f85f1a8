import * as ENDPOINTS from '../api/endpoints.ts';
import { defineRoute } from '../api/route.ts';
import { ZBusinessIdParamsSchema } from '../business/business.schema.ts';
import { ZBinarySchema } from '../document/document.schema.ts';
import {
  ZBillingAddressSchema,
  ZInvoiceListSchema,
  ZInvoiceParamsSchema,
  ZPortalSessionSchema,
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
  cancelSubscription: defineRoute({
    ...ENDPOINTS.cancelSubscription,
    summary: 'Cancel the paid plan at the end of its period (admin)',
    description: `Spec section 4: the plan is then cancelling (next plan CANCELED, revocable until the period ends); at the period's end the provider ends the subscription and the plan is cancelled (current plan CANCELED; the business needs a payment method again). 409 PLAN_NOT_CANCELLABLE when no paid plan runs or it is already cancelling. ${ADMIN}`,
    tags,
    params,
    response: ZSubscriptionUsageSchema,
  }),
  revokeSubscriptionCancel: defineRoute({
    ...ENDPOINTS.revokeSubscriptionCancel,
    summary: 'Revoke the cancellation: the plan runs on (admin)',
    description: `409 PLAN_NOT_CANCELLING when the plan is not cancelling (a cancelled plan cannot be revoked: upgrade instead). ${ADMIN}`,
    tags,
    params,
    response: ZSubscriptionUsageSchema,
  }),
  listInvoices: defineRoute({
    ...ENDPOINTS.listInvoices,
    summary: "The business's invoices and the card they are paid with (admin)",
    description: `Newest first; amounts in minor units; the card by its last four digits only. ${ADMIN}`,
    tags,
    params,
    response: ZInvoiceListSchema,
  }),
  getInvoicePdf: defineRoute({
    ...ENDPOINTS.getInvoicePdf,
    summary: 'One invoice as a PDF (admin)',
    description: `${ADMIN} 404 NOT_FOUND for an invoice of another business.`,
    tags,
    params: ZInvoiceParamsSchema,
    response: ZBinarySchema,
  }),
  stripePortalSession: defineRoute({
    ...ENDPOINTS.stripePortalSession,
    summary: "The provider's customer portal: invoices and payment method (admin)",
    description: `Answers \`redirectUrl\`, a short-lived page of the provider (the sandbox's portal, or a Stripe billing-portal session for the customer of the business's subscription) that returns to the plan page. 409 PLAN_NOT_BILLED when the provider has no customer of the business (Stripe: no subscription kept yet), 502 PAYMENT_PROVIDER_FAILED when the provider refuses, 503 PAYMENTS_UNAVAILABLE without a provider. ${ADMIN}`,
    tags,
    params,
    response: ZPortalSessionSchema,
  }),
  chargebeePortalSession: defineRoute({
    ...ENDPOINTS.chargebeePortalSession,
    summary: "The customer portal for Chargebee billing (admin; the same portal as cpsession's)",
    description: `No Chargebee provider exists here: answers the configured provider's portal, exactly as \`stripe/cpsession\` (same codes). ${ADMIN}`,
    tags,
    params,
    response: ZPortalSessionSchema,
  }),
  updateBusinessBilling: defineRoute({
    ...ENDPOINTS.updateBusinessBilling,
    summary: 'Set the billing address, VAT number and currency (admin)',
    description: `Open while the business is locked (it is part of paying). 422 VAT_INVALID when the VAT number does not have the billing country's format, 422 VAT_COUNTRY_UNSUPPORTED when no format is known for the country; 400 VALIDATION_FAILED for a missing field or a currency other than EUR and CHF. ${ADMIN}`,
    tags,
    params,
    body: ZBillingAddressSchema,
    response: ZBillingAddressSchema,
  }),
};
