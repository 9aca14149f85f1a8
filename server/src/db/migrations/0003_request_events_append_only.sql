-- The evidence log is append-only: UPDATE, DELETE and TRUNCATE on request_events are refused
-- for everyone, including the application's own role. (A superuser can still disable the
-- trigger; the hash chain, checked by verifyChain, catches what happens then.)
CREATE OR REPLACE FUNCTION request_events_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'request_events is append-only (% refused)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_events_no_update_delete
  BEFORE UPDATE OR DELETE ON request_events
  FOR EACH ROW EXECUTE FUNCTION request_events_append_only();
--> statement-breakpoint
CREATE TRIGGER request_events_no_truncate
  BEFORE TRUNCATE ON request_events
  FOR EACH STATEMENT EXECUTE FUNCTION request_events_append_only();
