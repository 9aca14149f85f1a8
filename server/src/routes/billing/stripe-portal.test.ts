/**
 * The customer portal with `PAYMENT_PROVIDER=stripe`: `GET …/stripe/cpsession`,
 * `POST …/chargebee/portal_session` and the individual's `POST …/direct_upgrade/portal_session`
 * answer a Stripe billing-portal session for the customer of the subscription Signet kept, back
 * to Signet's page. Against the local stand-in for Stripe's API (STRIPE_API_BASE), on a real
 * database.
 */
import type { TPortalSession } from '@signet/shared/billing/billing.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema/businesses.ts';
import { users } from '../../db/schema/users.ts';
import {
  STAND_IN_KEYS,
  standInEnv,
  startStripeStandIn,
  type TStandInCall,
} from '../../providers/payments/testing.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';
import { as, businessCast } from '../businesses/testing.ts';

let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: TestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ env: standInEnv(standIn.url) });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

beforeEach(() => {
  standIn.reset();
  standIn.answers = {
    // Each subscription's customer is named after it.
    'GET /v1/subscriptions/sub_1Biz': {
      status: 200,
      body: { id: 'sub_1Biz', object: 'subscription', status: 'active', customer: 'cus_Biz' },
    },
    'GET /v1/subscriptions/sub_1Own': {
      status: 200,
      body: { id: 'sub_1Own', object: 'subscription', status: 'past_due', customer: 'cus_Own' },
    },
    'POST /v1/billing_portal/sessions': (req: TStandInCall) => ({
      status: 200,
      body: {
        id: 'bps_1',
        object: 'billing_portal.session',
        customer: req.form.get('customer'),
        return_url: req.form.get('return_url'),
        url: `https://billing.stripe.com/p/session/test_${req.form.get('customer')}`,
      },
    }),
  };
});

const sessionsSent = () =>
  standIn.sent.filter((s) => s.method === 'POST' && s.path === '/v1/billing_portal/sessions');

describe("a business's customer portal on Stripe", () => {
  it("is Stripe's billing portal for its subscription's customer, back to the plan page", async () => {
    const { business, admin, member } = await businessCast(t);
    const base = `/v2/businesses/${business.id}`;
    // No subscription kept yet (trialing, or the job has not run): nothing at Stripe to open.
    const none = await as(t, admin)<{ code: string }>('GET', `${base}/stripe/cpsession`);
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('PLAN_NOT_BILLED');
    expect(standIn.sent).toEqual([]);

    await t.db
      .update(businesses)
      .set({ paymentMethod: 'STRIPE', providerSubscriptionId: 'sub_1Biz' })
      .where(eq(businesses.id, business.id));
    const stripe = await as(t, admin)<TPortalSession>('GET', `${base}/stripe/cpsession`);
    expect(stripe.status, JSON.stringify(stripe.body)).toBe(200);
    expect(stripe.body.redirectUrl).toBe('https://billing.stripe.com/p/session/test_cus_Biz');
    const [sent] = sessionsSent();
    expect(sent?.form.get('customer')).toBe('cus_Biz');
    expect(sent?.form.get('return_url')).toBe(`${t.config.publicUrl}/business/billing/plan`);
    expect(sent?.headers.authorization).toBe(`Bearer ${STAND_IN_KEYS.secretKey}`);

    // Chargebee's call opens the configured provider's portal too.
    const chargebee = await as(t, admin)<TPortalSession>(
      'POST',
      `${base}/chargebee/portal_session`,
    );
    expect(chargebee.status).toBe(200);
    expect(chargebee.body.redirectUrl).toBe(stripe.body.redirectUrl);

    // Admins only: a member asks nothing of Stripe.
    const calls = standIn.sent.length;
    expect((await as(t, member)('GET', `${base}/stripe/cpsession`)).status).toBe(403);
    expect(standIn.sent).toHaveLength(calls);
  });

  it('answers 502 PAYMENT_PROVIDER_FAILED when Stripe refuses the session', async () => {
    const { business, admin } = await businessCast(t);
    await t.db
      .update(businesses)
      .set({ paymentMethod: 'STRIPE', providerSubscriptionId: 'sub_1Biz' })
      .where(eq(businesses.id, business.id));
    standIn.answers['POST /v1/billing_portal/sessions'] = {
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'No configuration provided' } },
    };
    const res = await as(t, admin)<{ code: string; message: string }>(
      'GET',
      `/v2/businesses/${business.id}/stripe/cpsession`,
    );
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PAYMENT_PROVIDER_FAILED');
    expect(res.body.message).not.toContain('configuration');
  });
});

describe("an individual's customer portal on Stripe", () => {
  it("is Stripe's billing portal for the plan's customer, back to /upgrade; none without one", async () => {
    const person = await signUp(t, { plan: 'free' });
    const portal = () =>
      t.request<TPortalSession & { code?: string }>(
        'POST',
        '/api/v2/businesses/direct_upgrade/portal_session',
        { token: person.token },
      );
    const none = await portal();
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('PLAN_NOT_BILLED');
    expect(standIn.sent).toEqual([]);

    await t.db
      .update(users)
      .set({ individualSubscriptionId: 'sub_1Own' })
      .where(eq(users.id, person.user.id));
    const res = await portal();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.redirectUrl).toBe('https://billing.stripe.com/p/session/test_cus_Own');
    const [sent] = sessionsSent();
    expect(sent?.form.get('customer')).toBe('cus_Own');
    expect(sent?.form.get('return_url')).toBe(`${t.config.publicUrl}/upgrade`);
  });
});
