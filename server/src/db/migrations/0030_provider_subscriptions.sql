CREATE TABLE "provider_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ALTER COLUMN "business_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ALTER COLUMN "business_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "individual_billed_by_provider" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "individual_subscription_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "individual_subscription_status" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "individual_period_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "individual_subscription_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_changes" ADD CONSTRAINT "provider_changes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_changes_same_idx" ON "provider_changes" USING btree ("business_id","kind","fingerprint");--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD CONSTRAINT "sandbox_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD CONSTRAINT "sandbox_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_invoices_user_idx" ON "sandbox_invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_subscriptions_user_idx" ON "sandbox_subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD CONSTRAINT "sandbox_invoices_one_customer" CHECK (("sandbox_invoices"."business_id" is null) <> ("sandbox_invoices"."user_id" is null));--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD CONSTRAINT "sandbox_subscriptions_one_customer" CHECK (("sandbox_subscriptions"."business_id" is null) <> ("sandbox_subscriptions"."user_id" is null));