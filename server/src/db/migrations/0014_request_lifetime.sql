ALTER TABLE "signature_requests" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "reminder_interval_days" integer;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "withdraw_message" text;--> statement-breakpoint
CREATE INDEX "signature_requests_open_expiry_idx" ON "signature_requests" USING btree ("expires_at") WHERE "signature_requests"."status" = 'OPEN' and "signature_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "signature_requests_auto_remind_idx" ON "signature_requests" USING btree ("id") WHERE "signature_requests"."status" = 'OPEN' and "signature_requests"."reminder_interval_days" is not null and "signature_requests"."deleted_at" is null;--> statement-breakpoint
-- Open requests sent before expiry existed expire 30 days after sending, but not within the next 14 days.
UPDATE "signature_requests" SET "expires_at" = greatest(coalesce("initiated_at", now()) + interval '30 days', now() + interval '14 days') WHERE "status" = 'OPEN';--> statement-breakpoint
UPDATE "signature_requests" SET "closed_at" = "updated_at" WHERE "status" IN ('DECLINED', 'WITHDRAWN', 'EXPIRED');
