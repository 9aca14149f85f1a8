import { isNewerEvent, subscriptionEnding } from '@signet/shared/billing/billing.rules';
import type { TPaymentEvent } from '@signet/shared/billing/billing.schema';
import { SUBSCRIPTION_SETUP_INTENT } from '@signet/shared/plan/plan.constants';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { eventOrder, lastApplied } from './event-order.ts';

/** The provider's events of a subscription (Stripe's names; the sandbox sends the same). */
export const SUBSCRIPTION_EVENTS: ReadonlySet<string> = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/**
 * An event of the subscription that bills a user's individual plan: applied only to the plan
 * whose card started it (the subscription's metadata names that setup intent, so an earlier
 * plan's subscription changes nothing) and only when it comes after the last one applied
 * (shared's `isNewerEvent` over `individual_subscription_event_at` and `…_seq`: events out of
 * order never move the plan back). A running
 * subscription's event keeps its id, status (a payment problem shows) and period's end (a
 * renewal), and whether the plan ends — at its period's end or at a date set at the provider
 * (`cancel_at`) — or runs on; the end of the subscription (`deleted`, or status canceled: the
 * cancelled period ended, or the provider gave up on payment) ends the plan then, or at the end
 * a cancel set when that came first. Replays are kept out by the caller (`payment_events`).
 */
export async function applyIndividualSubscriptionEvent(
  tx: DbOrTx,
  userId: string,
  event: TPaymentEvent,
): Promise<void> {
  const { type } = event;
  const object = event.data.object;
  const at = new Date(event.created * 1000);
  const intentId = object.metadata?.[SUBSCRIPTION_SETUP_INTENT];
  const status = object.status;
  if (!intentId || !status || status === 'succeeded' || status === 'failed') return;
  const [user] = await tx
    .select({
      endsAt: users.individualPlanEndsAt,
      periodEndsAt: users.individualPeriodEndsAt,
      eventAt: users.individualSubscriptionEventAt,
      eventSeq: users.individualSubscriptionEventSeq,
      status: users.individualSubscriptionStatus,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.individualSetupIntent, intentId)))
    .for('update');
  if (!user) return;
  const last = lastApplied({
    at: user.eventAt,
    sequence: user.eventSeq,
    status: user.status,
    periodEndsAt: user.periodEndsAt,
  });
  if (!isNewerEvent(eventOrder(event), last)) return;
  const seen = {
    individualSubscriptionId: object.id,
    individualSubscriptionEventAt: at,
    individualSubscriptionEventSeq: event.sequence ?? null,
  };
  if (type === 'customer.subscription.deleted' || status === 'canceled') {
    await tx
      .update(users)
      .set({
        ...seen,
        individualSubscriptionStatus: 'canceled',
        individualPlanEndsAt: user.endsAt && user.endsAt < at ? user.endsAt : at,
        updatedAt: at,
      })
      .where(eq(users.id, userId));
    return;
  }
  const periodEndsAt = object.current_period_end
    ? new Date(object.current_period_end * 1000)
    : user.periodEndsAt;
  const ending = subscriptionEnding(object);
  await tx
    .update(users)
    .set({
      ...seen,
      individualSubscriptionStatus: status,
      individualPeriodEndsAt: periodEndsAt,
      ...(ending
        ? { individualPlanEndsAt: ending.ending ? (ending.at ?? periodEndsAt) : null }
        : {}),
      updatedAt: at,
    })
    .where(eq(users.id, userId));
}
