import type { TBillingCycle, TCurrency, TPlanTier } from '@signet/shared/billing/billing.constants';
import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The prices of the plans: one row per plan, cycle and currency, in minor units (per seat where
 * `per_seat`). Seeded by the migration that made the table; changed by migrations, not code.
 */
export const pricePlans = pgTable(
  'price_plans',
  {
    name: text('name').notNull(),
    tier: text('tier').$type<TPlanTier>().notNull(),
    cycle: text('cycle').$type<TBillingCycle>().notNull(),
    currency: text('currency').$type<TCurrency>().notNull(),
    unitAmount: integer('unit_amount').notNull(),
    perSeat: boolean('per_seat').notNull(),
    /** Display order of the tiers. */
    position: integer('position').notNull(),
    /** Signer groups the plan allows (spec section 3 `settings.signerGroups`; 0: none). */
    maxSignerGroups: integer('max_signer_groups').notNull().default(0),
    maxGroupParticipants: integer('max_group_participants').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.cycle, t.currency] })],
);
