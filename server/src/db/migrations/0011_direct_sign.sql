CREATE TABLE "mab_sandbox_requests" (
	"request_uri" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"binding_message" text NOT NULL,
	"signer_name" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"code_hash" text,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mab_sessions" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"signer_id" uuid NOT NULL,
	"language" text NOT NULL,
	"redirect_query_params" text NOT NULL,
	"provider_request_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"signing_status" text
);
--> statement-breakpoint
CREATE TABLE "signer_tans" (
	"signer_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text,
	"channel" text NOT NULL,
	"sent_to" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "direct_sign" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "exit_urls" jsonb;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "direct_nonce" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "lang" text;--> statement-breakpoint
ALTER TABLE "mab_sessions" ADD CONSTRAINT "mab_sessions_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mab_sessions" ADD CONSTRAINT "mab_sessions_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_tans" ADD CONSTRAINT "signer_tans_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mab_sessions_signer_idx" ON "mab_sessions" USING btree ("signer_id");