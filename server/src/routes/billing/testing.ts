import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import type {
  TPaymentEvent,
  TSetupIntent,
  TWebhookAnswer,
} from '@signet/shared/billing/billing.schema';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { jobs } from '../../db/schema/outbox.ts';
import { PAYMENT_WEBHOOK_JOB } from '../../providers/payments/sandbox-events.ts';
import {
  sandboxWebhookSecret,
  signWebhook,
  WEBHOOK_SIGNATURE_HEADER,
} from '../../providers/payments/signature.ts';
import type { TestApp } from '../../testing/app.ts';
import { as, type Person } from '../businesses/testing.ts';

/** Signet's webhook endpoint as the tests call it. */
/** Enters `number` on the sandbox's card page of `redirectUrl`, as the browser's form posts it. */
export function enterCard(t: TestApp, redirectUrl: string, number: string) {
  return t.app.request(new URL(redirectUrl).pathname, {
    method: 'POST',
    body: new URLSearchParams({ number }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
}

export const WEBHOOK = '/api/v2/payments/stripe/webhook';

/** Saves `number` in the sandbox's customer portal at `portalUrl`, as its form posts it. */
export async function portalCard(t: TestApp, portalUrl: string, number: string) {
  const res = await t.app.request(
    `${new URL(portalUrl).pathname}${PAYMENT_SANDBOX.portalCardPath}`,
    {
      method: 'POST',
      body: new URLSearchParams({ number }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  );
  return { status: res.status, html: await res.text() };
}

/** Now in Unix seconds, as webhook timestamps are. */
export const nowS = () => Math.floor(Date.now() / 1000);

/** Posts an event to Signet's webhook, signed as the sandbox signs (or with `header`). */
export function postWebhook(t: TestApp, event: TPaymentEvent | string, header?: string) {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  return t.request<TWebhookAnswer & { code?: string }>('POST', WEBHOOK, {
    body,
    headers: {
      'content-type': 'application/json',
      [WEBHOOK_SIGNATURE_HEADER]:
        header ?? signWebhook(sandboxWebhookSecret(t.config.secret), body, nowS()),
    },
  });
}

/** The webhooks the sandbox queued, taken off the queue (the test delivers them itself). */
export async function takeQueuedEvents(t: TestApp): Promise<TPaymentEvent[]> {
  const rows = await t.db
    .delete(jobs)
    .where(and(eq(jobs.kind, PAYMENT_WEBHOOK_JOB), eq(jobs.status, 'pending')))
    .returning();
  return rows.map((r) => (r.payload as { event: TPaymentEvent }).event);
}

/**
 * Delivers the webhooks the sandbox queued to Signet's endpoint as its job would (signed, in
 * order), and those their handling queued in turn (a card's `setup_intent.succeeded` starts the
 * subscription, whose invoice and update follow); answers them all.
 */
export async function deliverQueued(t: TestApp): Promise<TPaymentEvent[]> {
  const delivered: TPaymentEvent[] = [];
  for (let events = await takeQueuedEvents(t); events.length > 0; ) {
    for (const event of events) {
      expect((await postWebhook(t, event)).status, event.type).toBe(200);
      delivered.push(event);
    }
    events = await takeQueuedEvents(t);
  }
  return delivered;
}

/**
 * Buys `body`'s plan (plan, cycle, currency, seats, codes) for the business as its admin does:
 * the setup intent, the sandbox's success card (or `card`) on its card page, then the webhooks.
 */
export async function buyPlan(
  t: TestApp,
  admin: Person,
  businessId: string,
  body: Record<string, unknown>,
  card: string = PAYMENT_SANDBOX.cards.succeeds,
): Promise<void> {
  const intent = await as(t, admin)<TSetupIntent>(
    'POST',
    `/v2/businesses/${businessId}/subscriptions/stripe_setup_intent`,
    body,
  );
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const res = await enterCard(t, intent.body.redirectUrl, card);
  expect(res.status).toBe(303);
  await deliverQueued(t);
}
