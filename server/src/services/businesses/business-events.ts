import type { TAccountEventType } from '@signet/shared/business/business.schema';
import type { DbOrTx } from '../../db/client.ts';
import { businessEvents } from '../../db/schema/business-events.ts';

/** One entry of a business's account log, in the caller's transaction. */
export type TBusinessEventInput = {
  businessId: string;
  type: TAccountEventType;
  actor: { id: string | null; email: string | null };
  /** Whom or what it concerns: an address, a domain. */
  subject?: string | null;
  data?: Record<string, unknown>;
};

/** Records what happened to the business's accounts, domains or settings. */
export async function recordBusinessEvents(
  tx: DbOrTx,
  events: readonly TBusinessEventInput[],
): Promise<void> {
  if (events.length === 0) return;
  const at = new Date();
  await tx.insert(businessEvents).values(
    events.map((e) => ({
      businessId: e.businessId,
      type: e.type,
      at,
      actorId: e.actor.id,
      actorEmail: e.actor.email,
      subject: e.subject ?? null,
      data: e.data ?? {},
    })),
  );
}
