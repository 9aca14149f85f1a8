CREATE TABLE "business_discounts" (
	"business_id" uuid NOT NULL,
	"code" text NOT NULL,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"percent_off" integer,
	"amount_off" integer,
	"currency" text,
	"duration" text NOT NULL,
	"duration_months" integer,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	CONSTRAINT "business_discounts_business_id_code_pk" PRIMARY KEY("business_id","code")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"percent_off" integer,
	"amount_off" integer,
	"currency" text,
	"duration" text NOT NULL,
	"duration_months" integer,
	"plans" jsonb,
	"cycles" jsonb,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_cycle" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_currency" text;--> statement-breakpoint
ALTER TABLE "price_plans" ADD COLUMN "max_signer_groups" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "price_plans" ADD COLUMN "max_group_participants" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_discounts" ADD CONSTRAINT "business_discounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What each plan allows of signer groups (groups / participants per group); individual: none.
UPDATE "price_plans" SET "max_signer_groups" = 10, "max_group_participants" = 20 WHERE "tier" = 'team';--> statement-breakpoint
UPDATE "price_plans" SET "max_signer_groups" = 50, "max_group_participants" = 50 WHERE "tier" = 'pro';--> statement-breakpoint
UPDATE "price_plans" SET "max_signer_groups" = 200, "max_group_participants" = 100 WHERE "tier" = 'scale';
