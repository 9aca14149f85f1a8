import type { TBillingCycle, TCurrency } from '@signet/shared/billing/billing.constants';
import type { TPricePlanList } from '@signet/shared/billing/billing.schema';
import { PRICING_ERRORS } from '@signet/shared/billing/pricing.constants';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pricePlans } from '../../db/schema/price-plans.ts';
import { AppError } from '../../errors.ts';
import type { ServiceContext } from '../context.ts';

export type TPricePlanRow = typeof pricePlans.$inferSelect;

/** The price of `name` in one cycle and currency (422 PLAN_UNKNOWN when it is not sold so). */
export async function findPricePlan(
  db: DbOrTx,
  plan: { name: string; cycle: TBillingCycle; currency: TCurrency },
): Promise<TPricePlanRow> {
  const [row] = await db
    .select()
    .from(pricePlans)
    .where(
      and(
        eq(pricePlans.name, plan.name),
        eq(pricePlans.cycle, plan.cycle),
        eq(pricePlans.currency, plan.currency),
      ),
    );
  if (!row) {
    throw new AppError(PRICING_ERRORS.planUnknown, 422, 'No such plan in this cycle and currency');
  }
  return row;
}

/** `GET /v2/businesses/price_plans`: every plan in every cycle and currency, cheapest tier first. */
export async function listPricePlans(ctx: Pick<ServiceContext, 'db'>): Promise<TPricePlanList> {
  const rows = await ctx.db
    .select()
    .from(pricePlans)
    .orderBy(asc(pricePlans.position), asc(pricePlans.cycle), asc(pricePlans.currency));
  return {
    items: rows.map((row) => ({
      name: row.name,
      tier: row.tier,
      cycle: row.cycle,
      currency: row.currency,
      unitAmount: row.unitAmount,
      perSeat: row.perSeat,
      signerGroups: { maxGroups: row.maxSignerGroups, maxParticipants: row.maxGroupParticipants },
    })),
  };
}
