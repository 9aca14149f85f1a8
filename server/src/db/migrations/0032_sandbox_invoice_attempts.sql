ALTER TABLE "sandbox_invoices" ADD COLUMN "attempt_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD COLUMN "next_payment_attempt" timestamp with time zone;