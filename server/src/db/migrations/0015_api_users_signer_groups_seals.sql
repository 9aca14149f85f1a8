CREATE TABLE "api_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"key_reset_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seal_api_users" (
	"seal_id" uuid NOT NULL,
	"api_user_id" uuid NOT NULL,
	CONSTRAINT "seal_api_users_seal_id_api_user_id_pk" PRIMARY KEY("seal_id","api_user_id")
);
--> statement-breakpoint
CREATE TABLE "seal_members" (
	"seal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "seal_members_seal_id_user_id_pk" PRIMARY KEY("seal_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "seals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"account_name" text NOT NULL,
	"display_name" text NOT NULL,
	"certificate" text NOT NULL,
	"key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signer_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"members" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "callback_urls" jsonb;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "api_user_id" uuid;--> statement-breakpoint
ALTER TABLE "api_users" ADD CONSTRAINT "api_users_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_users" ADD CONSTRAINT "api_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_api_users" ADD CONSTRAINT "seal_api_users_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_api_users" ADD CONSTRAINT "seal_api_users_api_user_id_api_users_id_fk" FOREIGN KEY ("api_user_id") REFERENCES "public"."api_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_members" ADD CONSTRAINT "seal_members_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_members" ADD CONSTRAINT "seal_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seals" ADD CONSTRAINT "seals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_groups" ADD CONSTRAINT "signer_groups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_users_username_key" ON "api_users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "api_users_user_key" ON "api_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "api_users_business_idx" ON "api_users" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "seal_members_user_idx" ON "seal_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seals_business_account_key" ON "seals" USING btree ("business_id","account_name");--> statement-breakpoint
CREATE INDEX "signer_groups_business_idx" ON "signer_groups" USING btree ("business_id","created_at");--> statement-breakpoint
-- Every event of a request created by an API user with callback URLs queues an `api-callback`
-- job in the same transaction (so no step is lost across a crash); the job decides from the event
-- which callback it is, if any (shared's `callbackKindOf`).
CREATE FUNCTION request_events_queue_callback() RETURNS trigger AS $$
BEGIN
  INSERT INTO jobs (kind, payload)
  SELECT 'api-callback', jsonb_build_object(
    'requestId', NEW.request_id, 'eventId', NEW.id, 'eventType', NEW.type, 'at', NEW.at)
  FROM signature_requests r
  WHERE r.id = NEW.request_id AND r.callback_urls IS NOT NULL;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_events_callback AFTER INSERT ON request_events
  FOR EACH ROW EXECUTE FUNCTION request_events_queue_callback();
