CREATE TABLE "issued_certificates" (
	"serial" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"certificate" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revocation_reason" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "issued_certificates_revoked_idx" ON "issued_certificates" USING btree ("revoked_at") WHERE "issued_certificates"."revoked_at" is not null;