-- Trigram index for the dashboard search by participant address. pg_trgm ships with PostgreSQL's
-- contrib and with PGlite (loaded in db/client.ts). fastupdate off: PGlite has no autovacuum to
-- merge a GIN pending list, which every search would otherwise scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "request_inbox_email_trgm_idx" ON "request_inbox" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false) WHERE visible;
