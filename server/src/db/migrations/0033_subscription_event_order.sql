CREATE SEQUENCE "public"."sandbox_event_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "subscription_event_seq" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "individual_subscription_event_seq" bigint;