CREATE TABLE "price_plans" (
	"name" text NOT NULL,
	"tier" text NOT NULL,
	"cycle" text NOT NULL,
	"currency" text NOT NULL,
	"unit_amount" integer NOT NULL,
	"per_seat" boolean NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "price_plans_name_cycle_currency_pk" PRIMARY KEY("name","cycle","currency")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "payment_method" text DEFAULT 'TRIALING' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_name" text DEFAULT 'TRIAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "trial_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "seats" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
-- The plans and their prices (minor units; a year costs ten months).
INSERT INTO "price_plans" ("name", "tier", "cycle", "currency", "unit_amount", "per_seat", "position") VALUES
  ('INDIVIDUAL_V1', 'individual', 'monthly', 'EUR', 1500, false, 1),
  ('INDIVIDUAL_V1', 'individual', 'yearly', 'EUR', 15000, false, 1),
  ('INDIVIDUAL_V1', 'individual', 'monthly', 'CHF', 1600, false, 1),
  ('INDIVIDUAL_V1', 'individual', 'yearly', 'CHF', 16000, false, 1),
  ('TEAM_V1', 'team', 'monthly', 'EUR', 2500, true, 2),
  ('TEAM_V1', 'team', 'yearly', 'EUR', 25000, true, 2),
  ('TEAM_V1', 'team', 'monthly', 'CHF', 2700, true, 2),
  ('TEAM_V1', 'team', 'yearly', 'CHF', 27000, true, 2),
  ('PRO_V1', 'pro', 'monthly', 'EUR', 4500, true, 3),
  ('PRO_V1', 'pro', 'yearly', 'EUR', 45000, true, 3),
  ('PRO_V1', 'pro', 'monthly', 'CHF', 4900, true, 3),
  ('PRO_V1', 'pro', 'yearly', 'CHF', 49000, true, 3),
  ('SCALE', 'scale', 'monthly', 'EUR', 9000, true, 4),
  ('SCALE', 'scale', 'yearly', 'EUR', 90000, true, 4),
  ('SCALE', 'scale', 'monthly', 'CHF', 9800, true, 4),
  ('SCALE', 'scale', 'yearly', 'CHF', 98000, true, 4);--> statement-breakpoint
-- Businesses made before billing start their trial now.
UPDATE "businesses" SET "trial_ends_at" = now() + interval '14 days' WHERE "payment_method" = 'TRIALING';--> statement-breakpoint
-- Whether a business is locked now follows from its payment method and trial end.
ALTER TABLE "businesses" DROP COLUMN "locked_at";
