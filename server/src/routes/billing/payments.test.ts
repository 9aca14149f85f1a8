import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import type {
  TPaymentEvent,
  TSetupIntent,
  TSubscriptionUsage,
} from '@signet/shared/billing/billing.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema/businesses.ts';
import { sandboxWebhookSecret, signWebhook } from '../../providers/payments/signature.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { as, businessCast } from '../businesses/testing.ts';
import { deliverQueued, nowS, postWebhook, takeQueuedEvents } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const now = nowS;
const post = (event: TPaymentEvent | string, header?: string) => postWebhook(t, event, header);
const queuedEvents = () => takeQueuedEvents(t);

/** The card page's form as a browser sends it. */
function card(path: string, number?: string) {
  const form = new URLSearchParams(number === undefined ? {} : { number });
  return t.app.request(path, {
    method: 'POST',
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
}

async function lockedCast() {
  const cast = await businessCast(t);
  const cancel = await as(t, cast.admin)('POST', `/v1/businesses/${cast.business.id}/cancel-trial`);
  expect(cancel.status).toBe(200);
  const setup = (body: unknown) =>
    as(t, cast.admin)<TSetupIntent & { code?: string }>(
      'POST',
      `/v2/businesses/${cast.business.id}/subscriptions/stripe_setup_intent`,
      body,
    );
  return { ...cast, setup };
}

const usage = (who: { token: string }, id: string) =>
  as(t, who)<TSubscriptionUsage>('GET', `/v2/businesses/${id}/subscriptions/usage`);

const PRO = { plan: 'PRO_V1', cycle: 'monthly', currency: 'CHF', seats: 3 } as const;

describe('upgrading with the sandbox payment provider', () => {
  it('a locked business adds a card: declined first, then the success card unlocks it on the plan', async () => {
    const { business, admin, member, stranger, setup } = await lockedCast();
    const path = `/v2/businesses/${business.id}/subscriptions/stripe_setup_intent`;
    expect((await as(t, member)('POST', path, PRO)).status).toBe(403);
    expect((await as(t, stranger)('POST', path, PRO)).status).toBe(404);
    expect((await setup({ ...PRO, plan: 'GOLD' })).body.code).toBe('PLAN_UNKNOWN');
    expect((await setup({ ...PRO, seats: 1 })).body.code).toBe('SEATS_BELOW_MEMBERS');
    expect((await setup({ ...PRO, currency: 'USD' })).status).toBe(400);

    const intent = await setup(PRO);
    expect(intent.status).toBe(200);
    const page = new URL(intent.body.redirectUrl).pathname;
    expect(page).toBe(`${PAYMENT_SANDBOX.path}/setup/${intent.body.id}`);
    const shown = await t.app.request(page);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('Test System');

    // Declined: the page says so, the webhook changes nothing.
    const declined = await card(page, PAYMENT_SANDBOX.cards.declined);
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('declined');
    const failed = await queuedEvents();
    expect(failed.map((e) => e.type)).toEqual(['setup_intent.setup_failed']);
    for (const event of failed) expect((await post(event)).status).toBe(200);
    expect((await usage(admin, business.id)).body.locked).toBe(true);
    expect((await card(page, '1234')).status).toBe(402);

    // The success card: back to the console, and the webhooks start the plan.
    const ok = await card(page, PAYMENT_SANDBOX.cards.succeeds);
    expect(ok.status).toBe(303);
    expect(new URL(ok.headers.get('location') ?? '').pathname).toBe('/business/upgrade');
    const events = await queuedEvents();
    expect(events.map((e) => e.type)).toEqual(['setup_intent.succeeded']);
    for (const event of events) expect((await post(event)).body.duplicate).toBe(false);
    // Signet started the subscription at the provider: its first invoice and its state follow.
    const started = await queuedEvents();
    expect(started.map((e) => e.type).sort()).toEqual([
      'customer.subscription.updated',
      'invoice.paid',
    ]);
    for (const event of started) expect((await post(event)).body.duplicate).toBe(false);
    expect((await usage(admin, business.id)).body).toMatchObject({
      plan: 'PRO_V1',
      paymentMethod: 'STRIPE',
      locked: false,
      trialEndsAt: null,
      subscriptionStatus: 'active',
    });
    const settings = await as(t, admin)('PUT', `/v1/businesses/${business.id}/settings`, {
      userPilot: { enabled: true },
    });
    expect(settings.status).toBe(200);
    // A used card page is gone.
    expect((await t.app.request(page)).status).toBe(404);
  });

  it('a card that asks for confirmation starts the plan once confirmed', async () => {
    const { business, admin, setup } = await lockedCast();
    const intent = await setup({ ...PRO, plan: 'TEAM_V1', cycle: 'yearly', currency: 'EUR' });
    const page = new URL(intent.body.redirectUrl).pathname;
    const asked = await card(page, PAYMENT_SANDBOX.cards.confirm);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('3184');
    expect(await queuedEvents()).toEqual([]);
    const confirmed = await card(`${page}/confirm`);
    expect(confirmed.status).toBe(303);
    expect((await deliverQueued(t)).map((e) => e.type)).toContain('invoice.paid');
    expect((await usage(admin, business.id)).body).toMatchObject({
      plan: 'TEAM_V1',
      locked: false,
    });
  });
});

describe('the payment webhook', () => {
  it('refuses bad signatures, applies an event once and never moves a subscription back', async () => {
    const { business, admin, setup } = await lockedCast();
    const intent = await setup(PRO);
    await card(new URL(intent.body.redirectUrl).pathname, PAYMENT_SANDBOX.cards.succeeds);
    const [succeeded] = (await queuedEvents()).filter((e) => e.type === 'setup_intent.succeeded');
    if (!succeeded) throw new Error('no setup_intent.succeeded queued');
    const body = JSON.stringify(succeeded);
    const secret = sandboxWebhookSecret(t.config.secret);

    // Wrong secret, old timestamp, changed body, no header, not JSON: 400 and nothing applied.
    for (const res of [
      await post(body, signWebhook('another secret', body, now())),
      await post(body, signWebhook(secret, body, now() - 3600)),
      await post(body.replace('PRO_V1', 'SCALE'), signWebhook(secret, body, now())),
      await post(body, ''),
      await post('not json', signWebhook(secret, 'not json', now())),
    ]) {
      expect(res.status).toBe(400);
    }
    expect((await usage(admin, business.id)).body.locked).toBe(true);

    expect((await post(succeeded)).body).toEqual({ received: true, duplicate: false });
    expect((await usage(admin, business.id)).body.paymentMethod).toBe('STRIPE');
    // Blocked later (say, by support): a replay of the old event must not unblock it.
    await t.db
      .update(businesses)
      .set({ paymentMethod: 'BLOCKED' })
      .where(eq(businesses.id, business.id));
    expect((await post(succeeded)).body).toEqual({ received: true, duplicate: true });
    expect((await usage(admin, business.id)).body.paymentMethod).toBe('BLOCKED');

    // Out of order: the newer past_due arrives first; the older active does not undo it.
    const sub = (id: string, status: 'active' | 'past_due', created: number): TPaymentEvent => ({
      id,
      type: 'customer.subscription.updated',
      created,
      data: { object: { id: 'sub_1', status, metadata: { businessId: business.id } } },
    });
    const t0 = now() + 100;
    expect((await post(sub(`evt_new_${business.id}`, 'past_due', t0 + 10))).status).toBe(200);
    expect((await post(sub(`evt_old_${business.id}`, 'active', t0))).status).toBe(200);
    expect((await usage(admin, business.id)).body.subscriptionStatus).toBe('past_due');
  });
});
