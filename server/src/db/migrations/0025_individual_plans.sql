ALTER TABLE "users" ADD COLUMN "individual_plan" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "individual_plan_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "individual_setup_intent" text;--> statement-breakpoint
-- Accounts from before the new free plan keep the legacy free plan (they upload as before); new
-- sign-ups get the column's default, free_v1: the new free plan.
UPDATE "users" SET "free_account_type" = 'free_legacy' WHERE "free_account_type" = 'free_v1';
