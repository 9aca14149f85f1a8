import { randomUUID } from 'node:crypto';
import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import type { TPaymentEvent, TSetupIntent } from '@signet/shared/billing/billing.schema';
import { SETUP_INTENT_PARAM } from '@signet/shared/plan/plan.constants';
import type { TUserPlan } from '@signet/shared/plan/plan.schema';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { jobs } from '../../db/schema/outbox.ts';
import { PAYMENT_WEBHOOK_JOB } from '../../providers/payments/sandbox.ts';
import { DIRECT_UPGRADE_USER, startIndividualPlan } from '../../services/billing/direct-upgrade.ts';
import type { TestApp } from '../../testing/app.ts';
import { enterCard, postWebhook } from '../billing/testing.ts';

/** The individual plan the tests buy (seeded by the billing migration). */
export const INDIVIDUAL_PLAN = 'INDIVIDUAL_V1';

/**
 * Buys the individual plan for `who` the way a person does: the direct upgrade's setup intent,
 * the sandbox's success card (or `card`) on its card page, then the confirm call with the intent
 * the page returned with. Uploading is then included.
 */
export async function buyIndividualPlan(
  t: TestApp,
  who: { token: string },
  card: string = PAYMENT_SANDBOX.cards.succeeds,
): Promise<TUserPlan> {
  const intent = await t.request<TSetupIntent>(
    'POST',
    '/api/v2/businesses/direct_upgrade/stripe_setup_intent',
    { token: who.token, body: { plan: INDIVIDUAL_PLAN, cycle: 'monthly', currency: 'CHF' } },
  );
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const entered = await enterCard(t, intent.body.redirectUrl, card);
  expect(entered.status).toBe(303);
  const back = new URL(entered.headers.get('location') ?? '');
  const confirmed = await t.request<TUserPlan>(
    'POST',
    '/api/v2/businesses/direct_upgrade/confirm',
    {
      token: who.token,
      body: { setupIntentId: back.searchParams.get(SETUP_INTENT_PARAM) },
    },
  );
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  await deliverWebhooks(t, intent.body.id);
  return confirmed.body;
}

/**
 * Leaves `userId` holding the individual plan, as `buyIndividualPlan` does, through the one
 * function the confirm call and the webhook use, without the card page and its four requests
 * (and without a subscription at the provider, as a plan bought before the provider billed it)
 * (most tests only need an account that may upload; a sign-up in every test made them ≈ 10 %
 * slower).
 */
export async function giveIndividualPlan(t: TestApp, userId: string): Promise<void> {
  await startIndividualPlan(
    t.db,
    userId,
    { name: INDIVIDUAL_PLAN, cycle: 'monthly' },
    `seti_fixture_${randomUUID()}`,
    new Date(),
    // No subscription at the provider: as a plan bought before the provider billed it.
    false,
  );
}

/**
 * Delivers the sandbox's queued webhooks about setup intent `intentId` to Signet's endpoint, as
 * the outbox worker would (the test app's worker has no payment handler), and takes them off the
 * queue; after the confirm call they change nothing.
 */
async function deliverWebhooks(t: TestApp, intentId: string): Promise<void> {
  const rows = await t.db
    .delete(jobs)
    .where(
      and(
        eq(jobs.kind, PAYMENT_WEBHOOK_JOB),
        eq(jobs.status, 'pending'),
        sql`${jobs.payload} -> 'event' -> 'data' -> 'object' -> 'metadata' ->> ${DIRECT_UPGRADE_USER} is not null`,
      ),
    )
    .returning();
  for (const row of rows) {
    const { event } = row.payload as { event: TPaymentEvent };
    const res = await postWebhook(t, event);
    expect(res.status, `webhook ${event.type} of ${intentId}`).toBe(200);
  }
}
