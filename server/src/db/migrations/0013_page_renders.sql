CREATE TABLE "page_renders" (
	"sha256" text NOT NULL,
	"page" integer NOT NULL,
	"scale" integer NOT NULL,
	"status" text NOT NULL,
	"bytes" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"error" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_renders_sha256_page_scale_pk" PRIMARY KEY("sha256","page","scale")
);
