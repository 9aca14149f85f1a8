import type { TEventOrder } from '@signet/shared/billing/billing.rules';
import type { TPaymentEvent } from '@signet/shared/billing/billing.schema';

/** Where a provider's event stands in its order (shared's `isNewerEvent` compares two). */
export const eventOrder = (event: TPaymentEvent): TEventOrder => ({
  created: event.created,
  sequence: event.sequence,
  status: event.type === 'customer.subscription.deleted' ? 'canceled' : event.data.object.status,
  periodEnd: event.data.object.current_period_end,
});

const seconds = (at: Date | null) => (at ? Math.floor(at.getTime() / 1000) : null);

/**
 * The last subscription event applied, as Signet recorded it (its time, the provider's sequence,
 * and the status and period's end it left), or null when none was.
 */
export function lastApplied(record: {
  at: Date | null;
  sequence: number | null;
  status: string | null;
  periodEndsAt: Date | null;
}): TEventOrder | null {
  const created = seconds(record.at);
  if (created === null) return null;
  return {
    created,
    sequence: record.sequence,
    status: record.status,
    periodEnd: seconds(record.periodEndsAt),
  };
}
