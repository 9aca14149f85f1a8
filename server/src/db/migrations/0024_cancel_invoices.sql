CREATE TABLE "sandbox_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"subscription_id" text NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total" integer NOT NULL,
	"card_last4" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"plan" text NOT NULL,
	"cycle" text NOT NULL,
	"currency" text NOT NULL,
	"seats" integer NOT NULL,
	"unit_amount" integer NOT NULL,
	"per_seat" boolean DEFAULT true NOT NULL,
	"card_last4" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "next_plan_name" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "next_plan_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_period_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD CONSTRAINT "sandbox_invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD CONSTRAINT "sandbox_subscriptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_invoices_business_idx" ON "sandbox_invoices" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_subscriptions_business_idx" ON "sandbox_subscriptions" USING btree ("business_id");