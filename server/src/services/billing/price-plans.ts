import type { TPricePlanList } from '@signet/shared/billing/billing.schema';
import { asc } from 'drizzle-orm';
import { pricePlans } from '../../db/schema/price-plans.ts';
import type { ServiceContext } from '../context.ts';

/** `GET /v2/businesses/price_plans`: every plan in every cycle and currency, cheapest tier first. */
export async function listPricePlans(ctx: Pick<ServiceContext, 'db'>): Promise<TPricePlanList> {
  const rows = await ctx.db
    .select()
    .from(pricePlans)
    .orderBy(asc(pricePlans.position), asc(pricePlans.cycle), asc(pricePlans.currency));
  return {
    items: rows.map(({ name, tier, cycle, currency, unitAmount, perSeat }) => ({
      name,
      tier,
      cycle,
      currency,
      unitAmount,
      perSeat,
    })),
  };
}
