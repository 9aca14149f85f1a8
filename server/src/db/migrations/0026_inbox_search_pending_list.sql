-- The dashboard search's trigram index takes new entries in GIN's pending list, merged in batches
-- by the writer that takes the list over 64 kB (the smallest limit, so a search never scans more
-- than that, with or without autovacuum). Each signature moves every participant's inbox row,
-- and a moved row is entered in every index again: one by one, the trigram entries were a third
-- of the signature's write statement. Set in place (no rebuild).
ALTER INDEX "request_inbox_email_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 64);
