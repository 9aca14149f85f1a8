CREATE TABLE "identifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"legislation" text NOT NULL,
	"qualified" boolean NOT NULL,
	"status" text DEFAULT 'initialized' NOT NULL,
	"provider_ref" text NOT NULL,
	"ident_url" text,
	"signature_request_id" uuid,
	"eid_data" jsonb,
	"verified" jsonb,
	"mobile" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signing_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"quality" text NOT NULL,
	"legislation" text NOT NULL,
	"channel" text NOT NULL,
	"sent_to" text NOT NULL,
	"tan_hash" text NOT NULL,
	"batch" jsonb NOT NULL,
	"requests" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visual_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"company" text,
	"language" text DEFAULT 'en' NOT NULL,
	"location" text,
	"quality" text,
	"legislation" text,
	"provider" text,
	"display_date" boolean DEFAULT true NOT NULL,
	"display_claim" boolean DEFAULT true NOT NULL,
	"display_standards" boolean DEFAULT true NOT NULL,
	"display_qr" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"image_key" text,
	"pdf_image_key" text,
	"image_width" integer,
	"image_height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "stamp_plan" jsonb;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "stamp_space" jsonb;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "signature_level" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "legislation" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "signed_quality" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "accepted_tou" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_challenges" ADD CONSTRAINT "signing_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visual_signatures" ADD CONSTRAINT "visual_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identifications_user_idx" ON "identifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "identifications_provider_ref_idx" ON "identifications" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "identifications_open_idx" ON "identifications" USING btree ("user_id","provider","method") WHERE "identifications"."status" in ('initialized', 'inprogress');--> statement-breakpoint
CREATE INDEX "signing_challenges_user_idx" ON "signing_challenges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "visual_signatures_user_idx" ON "visual_signatures" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visual_signatures_default_key" ON "visual_signatures" USING btree ("user_id") WHERE "visual_signatures"."is_default";