CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"size" integer NOT NULL,
	"page_count" integer NOT NULL,
	"sha256" text NOT NULL,
	"blob_key" text NOT NULL,
	"current_blob_key" text NOT NULL,
	"signed_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signature_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"protocol_blob_key" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"initiated_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"completion_notified_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "request_documents" (
	"request_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "request_documents_request_id_document_id_pk" PRIMARY KEY("request_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"email" text NOT NULL,
	"account_email" text,
	"order" integer DEFAULT 0 NOT NULL,
	"document_signatures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signed_at" timestamp with time zone,
	"signing_name" text,
	"declined_at" timestamp with time zone,
	"decline_message" text,
	"invited_at" timestamp with time zone,
	"last_reminded_at" timestamp with time zone,
	"delegated_from" text,
	"last_viewed_at" timestamp with time zone,
	"claim_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "observers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"document_sha256" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"blob_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"certificate_pem" text NOT NULL,
	"encrypted_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_event_heads" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_inbox" (
	"email" text NOT NULL,
	"request_id" uuid NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"is_signer" boolean DEFAULT false NOT NULL,
	"is_observer" boolean DEFAULT false NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text NOT NULL,
	"title_lower" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"visible" boolean GENERATED ALWAYS AS ((is_owner or is_signer or is_observer) and not deleted) STORED NOT NULL,
	CONSTRAINT "request_inbox_email_request_id_pk" PRIMARY KEY("email","request_id")
);
--> statement-breakpoint
CREATE TABLE "request_inbox_versions" (
	"email" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_documents" ADD CONSTRAINT "request_documents_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_documents" ADD CONSTRAINT "request_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signers" ADD CONSTRAINT "signers_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observers" ADD CONSTRAINT "observers_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_inbox" ADD CONSTRAINT "request_inbox_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "signature_requests_owner_updated_idx" ON "signature_requests" USING btree ("owner_id","updated_at") WHERE "signature_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "signature_requests_status_idx" ON "signature_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "request_documents_document_idx" ON "request_documents" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "signers_request_idx" ON "signers" USING btree ("request_id","order");--> statement-breakpoint
CREATE INDEX "signers_email_request_idx" ON "signers" USING btree ("email","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signers_claim_token_key" ON "signers" USING btree ("claim_token");--> statement-breakpoint
CREATE UNIQUE INDEX "observers_request_email_key" ON "observers" USING btree ("request_id","email");--> statement-breakpoint
CREATE INDEX "observers_email_request_idx" ON "observers" USING btree ("email","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "request_events_request_seq_key" ON "request_events" USING btree ("request_id","seq");--> statement-breakpoint
CREATE INDEX "attachments_request_idx" ON "attachments" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "request_inbox_updated_idx" ON "request_inbox" USING btree ("email","updated_at","request_id") WHERE visible;--> statement-breakpoint
CREATE INDEX "request_inbox_created_idx" ON "request_inbox" USING btree ("email","created_at","request_id") WHERE visible;--> statement-breakpoint
CREATE INDEX "request_inbox_title_idx" ON "request_inbox" USING btree ("email","title_lower","request_id") WHERE visible;--> statement-breakpoint
CREATE INDEX "request_inbox_status_idx" ON "request_inbox" USING btree ("email","status","updated_at") WHERE visible;