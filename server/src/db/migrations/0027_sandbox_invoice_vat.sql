ALTER TABLE "sandbox_invoices" ADD COLUMN "subtotal" integer;--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD COLUMN "vat" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "billing_cycle_anchor" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "vat" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;