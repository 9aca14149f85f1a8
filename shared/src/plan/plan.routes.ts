import * as ENDPOINTS from '../api/endpoints.ts';
import { defineRoute } from '../api/route.ts';
import { ZPortalSessionSchema, ZSetupIntentSchema } from '../billing/billing.schema.ts';
import {
  ZDirectSetupIntentRequestSchema,
  ZDirectUpgradeConfirmSchema,
  ZUserPlanSchema,
} from './plan.schema.ts';

const tags = ['billing'] as const;

/** An individual's plan and its direct upgrade (spec sections 2 and 7, Payments). */
export const planRoutes = {
  getUserPlan: defineRoute({
    ...ENDPOINTS.getUserPlan,
    summary: "The caller's plan: free, individual or a business seat, and what it allows",
    description:
      'Whether uploading is included (not on the new free plan: free_v1, free_migrated) and, without a paid plan, the free signatures of this calendar month (UTC).',
    tags,
    response: ZUserPlanSchema,
  }),
  createDirectSetupIntent: defineRoute({
    ...ENDPOINTS.createDirectSetupIntent,
    summary: 'Collect a card for the individual plan at the payment provider',
    description:
      "Answers the provider's card page (`redirectUrl`), which returns to /upgrade with `setup_intent`. 422 PLAN_UNKNOWN for a plan that is not an individual plan in this cycle and currency, 409 PLAN_ALREADY_PAID for a business seat or a running individual plan, 503 PAYMENTS_UNAVAILABLE without a provider.",
    tags,
    body: ZDirectSetupIntentRequestSchema,
    response: ZSetupIntentSchema,
  }),
  confirmDirectUpgrade: defineRoute({
    ...ENDPOINTS.confirmDirectUpgrade,
    summary: 'Start the individual plan once the card page accepted the card',
    description:
      "Asks the provider for the caller's setup intent: when it succeeded the individual plan starts (once; the provider's webhook does the same and whichever comes first wins) and the plan is answered. 404 SETUP_INTENT_NOT_FOUND for an intent that is not the caller's, 409 SETUP_INTENT_NOT_SUCCEEDED while the card is not accepted, 402 FIRST_PAYMENT_FAILED when the card was saved but declined the first invoice (no plan starts; the subscription is incomplete at the provider).",
    tags,
    body: ZDirectUpgradeConfirmSchema,
    response: ZUserPlanSchema,
  }),
  cancelIndividualPlan: defineRoute({
    ...ENDPOINTS.cancelIndividualPlan,
    summary: 'Cancel the individual plan at the end of its period (the free plan downgrade)',
    description:
      "The plan runs until its current period ends ('cancelling', revocable until then), then the caller is on the free plan again ('cancelled'). 409 PLAN_NOT_CANCELLABLE without a running individual plan or when it is already cancelling.",
    tags,
    response: ZUserPlanSchema,
  }),
  revokeIndividualPlanCancel: defineRoute({
    ...ENDPOINTS.revokeIndividualPlanCancel,
    summary: 'Keep a cancelling individual plan',
    description:
      'A cancelling individual plan runs on as before. 409 PLAN_NOT_CANCELLING when it is not cancelling (also once it ended: it is bought again with a direct upgrade).',
    tags,
    response: ZUserPlanSchema,
  }),
  individualPortalSession: defineRoute({
    ...ENDPOINTS.individualPortalSession,
    summary: "The payment provider's customer portal for the caller's individual plan",
    description:
      "Answers `redirectUrl`, a short-lived page of the provider (the sandbox's portal, or a Stripe billing-portal session for the subscription's customer) that returns to /upgrade: the card (replace it; a new card pays an open invoice at once) and the invoices. 409 PLAN_NOT_BILLED when no individual plan of the caller was billed by the provider, 502 PAYMENT_PROVIDER_FAILED when the provider refuses, 503 PAYMENTS_UNAVAILABLE without a provider.",
    tags,
    response: ZPortalSessionSchema,
  }),
  migrateToFreePlan: defineRoute({
    ...ENDPOINTS.migrateToFreePlan,
    summary: 'Move from the legacy free plan to the new free plan (the free migration)',
    description:
      'An account on the legacy free plan (free_legacy) without a paid plan becomes free_migrated: the new free plan, which includes no upload. 409 PLAN_NOT_LEGACY otherwise.',
    tags,
    response: ZUserPlanSchema,
  }),
};
