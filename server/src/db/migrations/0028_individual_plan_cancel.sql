ALTER TABLE "businesses" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "individual_plan_cycle" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "individual_plan_ends_at" timestamp with time zone;--> statement-breakpoint
-- Individual plans bought before the cycle was kept were bought monthly (the only cycle the
-- tests and the upgrade page's default used); their periods count from their start.
UPDATE "users" SET "individual_plan_cycle" = 'monthly' WHERE "individual_plan" IS NOT NULL;--> statement-breakpoint
-- Buying the individual plan leaves the legacy free plan: when it ends, the account is on the
-- new free plan (free_migrated), as every account that bought it from now on.
UPDATE "users" SET "free_account_type" = 'free_migrated' WHERE "individual_plan" IS NOT NULL AND "free_account_type" = 'free_legacy';
