/**
 * The individual plan billed by the provider (the sandbox here): buying it starts a subscription
 * of the user's at the provider, which invoices it and renews it; its webhooks renew the period,
 * show a payment problem and end the plan (applied once, never backwards, only for the plan whose
 * card started it); cancel and revoke go through the provider first. A plan bought before the
 * provider billed it keeps working as Signet's record only.
 */
import type { TPaymentEvent } from '@signet/shared/billing/billing.schema';
import { PLAN_SANDBOX_PATH, SUBSCRIPTION_SETUP_INTENT } from '@signet/shared/plan/plan.constants';
import type { TUserPlan } from '@signet/shared/plan/plan.schema';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxInvoices, sandboxSubscriptions } from '../../db/schema/sandbox-subscriptions.ts';
import { users } from '../../db/schema/users.ts';
import { DIRECT_UPGRADE_USER } from '../../services/billing/direct-upgrade.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';
import { deliverQueued, nowS, postWebhook } from '../billing/testing.ts';
import { buyIndividualPlan, giveIndividualPlan } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type TAnswer = TUserPlan & { code?: string };
const post = (who: { token: string }, path: string) =>
  t.request<TAnswer>('POST', `/api${path}`, { token: who.token });
const cancel = (who: { token: string }) => post(who, '/v2/businesses/direct_upgrade/cancel');
const revoke = (who: { token: string }) => post(who, '/v2/businesses/direct_upgrade/revoke_cancel');
const planOf = async (who: { token: string }) =>
  (await t.request<TUserPlan>('GET', '/api/v1/user/plan', { token: who.token })).body;
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const subscriptionsOf = (userId: string) =>
  t.db
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.userId, userId))
    .orderBy(desc(sandboxSubscriptions.createdAt));
const invoicesOf = (userId: string) =>
  t.db.select().from(sandboxInvoices).where(eq(sandboxInvoices.userId, userId));

/** A subscription event of `userId`'s plan as the provider would send it. */
function subscriptionEvent(
  userId: string,
  setupIntentId: string,
  object: Partial<TPaymentEvent['data']['object']> & { id: string },
  type = 'customer.subscription.updated',
  created = nowS(),
): TPaymentEvent {
  return {
    id: `evt_test_${Math.random().toString(36).slice(2)}`,
    type,
    created,
    data: {
      object: {
        status: 'active',
        ...object,
        metadata: { [DIRECT_UPGRADE_USER]: userId, [SUBSCRIPTION_SETUP_INTENT]: setupIntentId },
      },
    },
  };
}

describe('the individual plan as a subscription at the provider', () => {
  it('is started at the provider when bought: the user is its customer, its first period invoiced', async () => {
    const person = await signUp(t, { plan: 'free' });
    const bought = await buyIndividualPlan(t, person);
    const [sub] = await subscriptionsOf(person.user.id);
    expect(sub).toMatchObject({ status: 'active', businessId: null, seats: 1, perSeat: false });
    expect(sub?.metadata[SUBSCRIPTION_SETUP_INTENT]).toBe(
      (await userRow(person.user.id))?.individualSetupIntent,
    );
    // The sandbox's period is the plan's: counted from its start, to the second.
    expect(sub?.periodEnd.toISOString()).toBe(bought.individual?.periodEndsAt);
    const row = await userRow(person.user.id);
    expect(row).toMatchObject({
      individualBilledByProvider: true,
      individualSubscriptionId: sub?.id,
      individualSubscriptionStatus: 'active',
    });
    expect(row?.individualPeriodEndsAt?.toISOString()).toBe(bought.individual?.periodEndsAt);
    const invoices = await invoicesOf(person.user.id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]?.total).toBeGreaterThan(0);
    expect(bought.individual).toMatchObject({ state: 'active', paymentIssue: false });
  });

  it("renews at its period's end (a new invoice, the provider's new period), by the provider's clock", async () => {
    const person = await signUp(t, { plan: 'free' });
    const bought = await buyIndividualPlan(t, person);
    const clock = await t.request<{ renewed: number }>('POST', `${PLAN_SANDBOX_PATH}/clock`, {
      body: { userId: person.user.id, days: 32 },
    });
    expect(clock.status).toBe(200);
    expect(clock.body.renewed).toBeGreaterThanOrEqual(1);
    const delivered = await deliverQueued(t);
    expect(delivered.map((e) => e.type)).toContain('customer.subscription.updated');
    expect(await invoicesOf(person.user.id)).toHaveLength(2);
    const [sub] = await subscriptionsOf(person.user.id);
    const plan = await planOf(person);
    expect(plan.individual).toMatchObject({ state: 'active', paymentIssue: false });
    expect(plan.individual?.periodEndsAt).toBe(sub?.periodEnd.toISOString());
    expect(plan.individual?.periodEndsAt).not.toBe(bought.individual?.periodEndsAt);
    expect(new Date(plan.individual?.periodEndsAt ?? 0).getTime()).toBeGreaterThan(Date.now());
  });

  it('is cancelled and revoked at the provider first; its period end ends the plan there and here', async () => {
    const person = await signUp(t, { plan: 'free' });
    await buyIndividualPlan(t, person);
    const cancelled = await cancel(person);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    let [sub] = await subscriptionsOf(person.user.id);
    expect(sub?.cancelAtPeriodEnd).toBe(true);
    expect(cancelled.body.individual?.endsAt).toBe(sub?.periodEnd.toISOString());
    // The provider's webhook reports the same state: nothing moves.
    await deliverQueued(t);
    expect((await planOf(person)).individual).toMatchObject({
      state: 'cancelling',
      endsAt: sub?.periodEnd.toISOString(),
    });

    expect((await revoke(person)).status).toBe(200);
    [sub] = await subscriptionsOf(person.user.id);
    expect(sub?.cancelAtPeriodEnd).toBe(false);
    await deliverQueued(t);
    expect((await planOf(person)).individual).toMatchObject({ state: 'active', endsAt: null });

    expect((await cancel(person)).status).toBe(200);
    await deliverQueued(t);
    const clock = await t.request<{ ended: number }>('POST', `${PLAN_SANDBOX_PATH}/clock`, {
      body: { userId: person.user.id, days: 32 },
    });
    expect(clock.body.ended).toBeGreaterThanOrEqual(1);
    const delivered = await deliverQueued(t);
    expect(delivered.map((e) => e.type)).toContain('customer.subscription.deleted');
    [sub] = await subscriptionsOf(person.user.id);
    expect(sub?.status).toBe('canceled');
    const plan = await planOf(person);
    expect(plan).toMatchObject({ kind: 'free', uploadAllowed: false });
    expect(plan.individual).toMatchObject({ state: 'cancelled', paymentIssue: false });
    expect((await userRow(person.user.id))?.individualSubscriptionStatus).toBe('canceled');
  });

  it('follows its webhooks: a payment problem, a date set at the provider, never backwards, once', async () => {
    const person = await signUp(t, { plan: 'free' });
    await buyIndividualPlan(t, person);
    const row = await userRow(person.user.id);
    const intent = row?.individualSetupIntent ?? '';
    const subId = row?.individualSubscriptionId ?? '';
    const period = Math.floor((row?.individualPeriodEndsAt?.getTime() ?? 0) / 1000);
    const later = nowS() + 60;

    const pastDue = subscriptionEvent(
      person.user.id,
      intent,
      {
        id: subId,
        status: 'past_due',
        current_period_end: period,
      },
      undefined,
      later,
    );
    expect((await postWebhook(t, pastDue)).body).toMatchObject({ duplicate: false });
    expect((await planOf(person)).individual).toMatchObject({
      state: 'active',
      paymentIssue: true,
    });
    // The same event again is applied once; an older one does not move the plan back.
    expect((await postWebhook(t, pastDue)).body).toMatchObject({ duplicate: true });
    const older = subscriptionEvent(
      person.user.id,
      intent,
      { id: subId, status: 'active' },
      undefined,
      later - 30,
    );
    await postWebhook(t, older);
    expect((await planOf(person)).individual?.paymentIssue).toBe(true);

    // Stripe's `cancel_at`: a date set in its dashboard ends the plan then (cancelling).
    const cancelAt = period - 86_400;
    await postWebhook(
      t,
      subscriptionEvent(
        person.user.id,
        intent,
        {
          id: subId,
          status: 'active',
          current_period_end: period,
          cancel_at_period_end: false,
          cancel_at: cancelAt,
        },
        undefined,
        later + 1,
      ),
    );
    expect((await planOf(person)).individual).toMatchObject({
      state: 'cancelling',
      paymentIssue: false,
      endsAt: new Date(cancelAt * 1000).toISOString(),
    });
    // Taken back at the provider: it runs on.
    await postWebhook(
      t,
      subscriptionEvent(
        person.user.id,
        intent,
        {
          id: subId,
          current_period_end: period,
          cancel_at_period_end: false,
          cancel_at: null,
        },
        undefined,
        later + 2,
      ),
    );
    expect((await planOf(person)).individual).toMatchObject({ state: 'active', endsAt: null });

    // An earlier plan's subscription (another setup intent) changes nothing.
    await postWebhook(
      t,
      subscriptionEvent(
        person.user.id,
        'seti_an_earlier_plan',
        { id: 'sub_earlier', status: 'canceled' },
        'customer.subscription.deleted',
        later + 3,
      ),
    );
    expect((await planOf(person)).individual?.state).toBe('active');

    // The provider gave up on payment: the subscription is deleted, the plan ends now.
    await postWebhook(
      t,
      subscriptionEvent(
        person.user.id,
        intent,
        { id: subId, status: 'canceled' },
        'customer.subscription.deleted',
        nowS(),
      ),
    );
    // Older than the last applied: ignored.
    expect((await planOf(person)).individual?.state).toBe('active');
    await postWebhook(
      t,
      subscriptionEvent(
        person.user.id,
        intent,
        { id: subId, status: 'canceled' },
        'customer.subscription.deleted',
        later + 4,
      ),
    );
    // It ends at the event's time (a minute ahead here): cancelling until then.
    expect((await planOf(person)).individual).toMatchObject({
      state: 'cancelling',
      endsAt: new Date((later + 4) * 1000).toISOString(),
    });
  });

  it('keeps a plan bought before the provider billed it: its cancel is Signet’s record only', async () => {
    const person = await signUp(t, { plan: 'free' });
    await giveIndividualPlan(t, person.user.id);
    const cancelled = await cancel(person);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.individual).toMatchObject({ state: 'cancelling', paymentIssue: false });
    expect((await revoke(person)).status).toBe(200);
    expect(await subscriptionsOf(person.user.id)).toEqual([]);
  });

  it('refuses to cancel while the provider has no subscription of the plan yet (Stripe: its job)', async () => {
    const person = await signUp(t, { plan: 'free' });
    await buyIndividualPlan(t, person);
    // As with Stripe before the payment-subscription job kept the subscription's id.
    await t.db
      .update(users)
      .set({ individualSubscriptionId: null })
      .where(eq(users.id, person.user.id));
    const refused = await cancel(person);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PLAN_NOT_CANCELLABLE');
    expect((await subscriptionsOf(person.user.id))[0]?.cancelAtPeriodEnd).toBe(false);
  });
});
