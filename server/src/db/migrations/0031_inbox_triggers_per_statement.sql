-- The inbox triggers on updates of requests and signers run once per statement, not once per row
-- (issue 13: a batch's group commit signs up to ten requests in one statement, and their per-row
-- triggers were most of its write). Same read model as before: what the row triggers did for
-- each changed row, done for all of a statement's changed rows at once (transition tables, as the
-- card triggers of 0007). Inserts and deletes keep their row triggers.
DROP TRIGGER request_inbox_request_update ON signature_requests;
--> statement-breakpoint
-- A request's title, status, dates or deletion changed: its inbox rows follow, every address on
-- it gets a new version, and the colours follow a new status.
CREATE FUNCTION request_inbox_on_requests_update() RETURNS trigger AS $$
DECLARE
  changed uuid[];
  recoloured uuid[];
BEGIN
  SELECT array_agg(n.id ORDER BY n.id),
      array_agg(n.id ORDER BY n.id) FILTER (WHERE o.status IS DISTINCT FROM n.status)
    INTO changed, recoloured
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE o.status IS DISTINCT FROM n.status OR o.title IS DISTINCT FROM n.title
    OR o.updated_at IS DISTINCT FROM n.updated_at OR o.created_at IS DISTINCT FROM n.created_at
    OR o.deleted_at IS DISTINCT FROM n.deleted_at;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE request_inbox i SET status = n.status, title_lower = lower(n.title),
    created_at = n.created_at, updated_at = n.updated_at, deleted = n.deleted_at IS NOT NULL
  FROM new_rows n
  WHERE n.id = ANY(changed) AND i.request_id = n.id;
  PERFORM request_inbox_bump(ARRAY(SELECT email FROM request_inbox WHERE request_id = ANY(changed)));
  IF recoloured IS NOT NULL THEN
    PERFORM request_inbox_colours(recoloured);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_inbox_request_update AFTER UPDATE ON signature_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION request_inbox_on_requests_update();
--> statement-breakpoint
DROP TRIGGER request_inbox_signer_turn ON signers;
--> statement-breakpoint
DROP FUNCTION request_inbox_on_signer_turn();
--> statement-breakpoint
-- A signature, a refusal or a new order changes whose turn it is (and the version, so cached
-- totals of the colour filters are counted again). A trigger with transition tables cannot name
-- columns, so the changed columns are compared here.
CREATE FUNCTION request_inbox_on_signers_turn() RETURNS trigger AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT n.request_id) INTO ids
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE o.signed_at IS DISTINCT FROM n.signed_at OR o.declined_at IS DISTINCT FROM n.declined_at
    OR o."order" IS DISTINCT FROM n."order";
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM request_inbox_colours(ids);
  PERFORM request_inbox_bump(ARRAY(SELECT email FROM request_inbox WHERE request_id = ANY(ids)));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_inbox_signer_turn AFTER UPDATE ON signers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION request_inbox_on_signers_turn();
