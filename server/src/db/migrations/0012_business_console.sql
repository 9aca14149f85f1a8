CREATE TABLE "business_domains" (
	"business_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"check_until" timestamp with time zone NOT NULL,
	CONSTRAINT "business_domains_business_id_domain_pk" PRIMARY KEY("business_id","domain")
);
--> statement-breakpoint
CREATE TABLE "business_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"subject" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_identifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"identification_id" text NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"legislation" text,
	"identified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"source" text DEFAULT 'invite' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "business_signature_months" (
	"business_id" uuid NOT NULL,
	"month" date NOT NULL,
	"quality" text NOT NULL,
	"signatures" integer NOT NULL,
	CONSTRAINT "business_signature_months_business_id_month_quality_pk" PRIMARY KEY("business_id","month","quality")
);
--> statement-breakpoint
CREATE TABLE "business_signatures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"event_id" bigint NOT NULL,
	"request_id" uuid NOT NULL,
	"title" text NOT NULL,
	"signer_email" text NOT NULL,
	"member_id" uuid,
	"member_email" text NOT NULL,
	"member_name" text NOT NULL,
	"cost_centre" text NOT NULL,
	"quality" text NOT NULL,
	"legislation" text,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_dns_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_members" ADD COLUMN "cost_centre" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "aes4biz" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "logo_blob_key" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "logo_type" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "deletion_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "business_domains" ADD CONSTRAINT "business_domains_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_events" ADD CONSTRAINT "business_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_identifications" ADD CONSTRAINT "business_identifications_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_invitations" ADD CONSTRAINT "business_invitations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_invitations" ADD CONSTRAINT "business_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_invitations" ADD CONSTRAINT "business_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_signature_months" ADD CONSTRAINT "business_signature_months_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_signatures" ADD CONSTRAINT "business_signatures_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_domains_verified_key" ON "business_domains" USING btree ("domain") WHERE "business_domains"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "business_domains_pending_idx" ON "business_domains" USING btree ("check_until") WHERE "business_domains"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "business_events_business_at_idx" ON "business_events" USING btree ("business_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_identifications_ident_key" ON "business_identifications" USING btree ("identification_id");--> statement-breakpoint
CREATE INDEX "business_identifications_at_idx" ON "business_identifications" USING btree ("business_id","identified_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_invitations_pending_key" ON "business_invitations" USING btree ("business_id","email") WHERE "business_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "business_invitations_email_idx" ON "business_invitations" USING btree ("email") WHERE "business_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "business_invitations_user_idx" ON "business_invitations" USING btree ("user_id") WHERE "business_invitations"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "business_signatures_event_key" ON "business_signatures" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "business_signatures_signed_idx" ON "business_signatures" USING btree ("business_id","signed_at","id");--> statement-breakpoint
CREATE INDEX "business_signatures_member_idx" ON "business_signatures" USING btree ("business_id","member_email","id","signed_at");--> statement-breakpoint
CREATE INDEX "business_signatures_signer_idx" ON "business_signatures" USING btree ("business_id","signer_email","id","signed_at");--> statement-breakpoint
CREATE INDEX "business_signatures_quality_idx" ON "business_signatures" USING btree ("business_id","quality","id","signed_at");--> statement-breakpoint
CREATE INDEX "business_signatures_cost_centre_idx" ON "business_signatures" USING btree ("business_id","cost_centre","id","signed_at");--> statement-breakpoint
CREATE INDEX "business_signatures_title_idx" ON "business_signatures" USING btree ("business_id","title","id","signed_at");--> statement-breakpoint
CREATE INDEX "sandbox_dns_records_name_idx" ON "sandbox_dns_records" USING btree ("name");--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_requests_business_idx" ON "signature_requests" USING btree ("business_id","status") WHERE "signature_requests"."deleted_at" is null and "signature_requests"."business_id" is not null;--> statement-breakpoint
-- A request is sent for its owner's business: the one they belong to and whose invitation they
-- accepted (an invitee who has not answered sends for nobody).
CREATE FUNCTION signature_requests_set_business() RETURNS trigger AS $$
BEGIN
  IF NEW.business_id IS NULL THEN
    SELECT m.business_id INTO NEW.business_id
    FROM business_members m JOIN users u ON u.id = m.user_id
    WHERE m.user_id = NEW.owner_id AND u.accepted_business_invite;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER signature_requests_business BEFORE INSERT ON signature_requests
  FOR EACH ROW EXECUTE FUNCTION signature_requests_set_business();
--> statement-breakpoint
-- Every signature in a business's request is counted for it, as the evidence log records it
-- (the quality the 'signed' event names; SES when it names none) and as the member was then.
CREATE FUNCTION business_signatures_on_event() RETURNS trigger AS $$
BEGIN
  INSERT INTO business_signatures (business_id, event_id, request_id, title, signer_email,
    member_id, member_email, member_name, cost_centre, quality, legislation, signed_at)
  SELECT r.business_id, NEW.id, r.id, r.title,
    coalesce(nullif(NEW.data->>'email', ''), NEW.actor_email, ''),
    o.id, o.email, trim(o.first_name || ' ' || o.last_name), coalesce(m.cost_centre, ''),
    coalesce(nullif(upper(NEW.data->>'quality'), ''), 'SES'), nullif(NEW.data->>'legislation', ''),
    NEW.at
  FROM signature_requests r
  JOIN users o ON o.id = r.owner_id
  LEFT JOIN business_members m ON m.user_id = r.owner_id AND m.business_id = r.business_id
  WHERE r.id = NEW.request_id AND r.business_id IS NOT NULL
  ON CONFLICT (event_id) DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_events_business_signature AFTER INSERT ON request_events
  FOR EACH ROW WHEN (NEW.type = 'signed') EXECUTE FUNCTION business_signatures_on_event();
--> statement-breakpoint
-- A business with members always keeps an admin. Checked at commit (a transaction may promote
-- one admin before it demotes another); the services check first and answer 409
-- LAST_BUSINESS_ADMIN, this is the guarantee under any interleaving. A business being deleted
-- (its deletion is due) loses its members in batches, admins last.
CREATE FUNCTION business_members_keep_admin() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM businesses b WHERE b.id = OLD.business_id
               AND (b.deletion_due_at IS NULL OR b.deletion_due_at > now()))
     AND EXISTS (SELECT 1 FROM business_members WHERE business_id = OLD.business_id)
     AND NOT EXISTS (SELECT 1 FROM business_members
                     WHERE business_id = OLD.business_id AND role = 'admin') THEN
    RAISE EXCEPTION 'LAST_BUSINESS_ADMIN: business % would have no admin', OLD.business_id
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER business_members_admin AFTER UPDATE OR DELETE ON business_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION business_members_keep_admin();
--> statement-breakpoint
-- Existing data: requests of current members belong to their business.
UPDATE signature_requests r SET business_id = m.business_id
FROM business_members m JOIN users u ON u.id = m.user_id
WHERE m.user_id = r.owner_id AND u.accepted_business_invite;
--> statement-breakpoint
-- The monthly totals follow every counted signature.
CREATE FUNCTION business_signature_months_on_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO business_signature_months (business_id, month, quality, signatures)
  VALUES (NEW.business_id, date_trunc('month', NEW.signed_at AT TIME ZONE 'UTC')::date, NEW.quality, 1)
  ON CONFLICT (business_id, month, quality)
  DO UPDATE SET signatures = business_signature_months.signatures + 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER business_signatures_months AFTER INSERT ON business_signatures
  FOR EACH ROW EXECUTE FUNCTION business_signature_months_on_insert();
