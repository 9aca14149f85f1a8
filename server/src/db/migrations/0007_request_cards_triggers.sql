-- The dashboard cards (request_cards, see db/schema/request-inbox.ts), kept by statement-level
-- triggers so that every writer keeps them right and bulk writes rebuild each card once.

-- Rebuilds the cards of the given requests (requests that no longer exist are skipped). The card
-- rows are locked first, in id order, and the cards are then computed in a new statement: a
-- concurrent rebuild of the same card waits for the other transaction to end and then sees its
-- changes, so the last rebuild always sees every committed signer and document.
CREATE FUNCTION request_cards_refresh(p_ids uuid[]) RETURNS void AS $$
BEGIN
  INSERT INTO request_cards (request_id, card)
  SELECT r.id, '{}'::json FROM signature_requests r WHERE r.id = ANY(p_ids) ORDER BY r.id
  ON CONFLICT (request_id) DO NOTHING;
  PERFORM 1 FROM request_cards WHERE request_id = ANY(p_ids) ORDER BY request_id FOR UPDATE;
  UPDATE request_cards c SET card = json_build_object(
      'title', r.title,
      'status', r.status,
      'created_at', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'updated_at', to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'document_count', (SELECT count(*) FROM request_documents d WHERE d.request_id = r.id),
      'signers', coalesce((
        SELECT json_agg(json_build_object('email', s.email, 'order', s."order",
            'signed_at', to_char(s.signed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'declined_at', to_char(s.declined_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          ORDER BY s."order", s.created_at, s.id)
        FROM signers s WHERE s.request_id = r.id), '[]'::json))
  FROM signature_requests r
  WHERE r.id = ANY(p_ids) AND c.request_id = r.id;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION request_cards_on_request_insert() RETURNS trigger AS $$
BEGIN
  PERFORM request_cards_refresh(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_cards_request_insert AFTER INSERT ON signature_requests
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION request_cards_on_request_insert();
--> statement-breakpoint
CREATE FUNCTION request_cards_on_request_update() RETURNS trigger AS $$
BEGIN
  PERFORM request_cards_refresh(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.title IS DISTINCT FROM n.title OR o.status IS DISTINCT FROM n.status
      OR o.created_at IS DISTINCT FROM n.created_at OR o.updated_at IS DISTINCT FROM n.updated_at));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_cards_request_update AFTER UPDATE ON signature_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION request_cards_on_request_update();
--> statement-breakpoint
-- Signers and request documents: every request whose rows were inserted or deleted.
CREATE FUNCTION request_cards_on_child_insert() RETURNS trigger AS $$
BEGIN
  PERFORM request_cards_refresh(ARRAY(SELECT DISTINCT request_id FROM new_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION request_cards_on_child_delete() RETURNS trigger AS $$
BEGIN
  PERFORM request_cards_refresh(ARRAY(SELECT DISTINCT request_id FROM old_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_cards_signer_insert AFTER INSERT ON signers
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION request_cards_on_child_insert();
--> statement-breakpoint
CREATE TRIGGER request_cards_signer_delete AFTER DELETE ON signers
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION request_cards_on_child_delete();
--> statement-breakpoint
-- Signer updates: only the facts a card shows (address, order, signed, declined) count.
CREATE FUNCTION request_cards_on_signer_update() RETURNS trigger AS $$
BEGIN
  PERFORM request_cards_refresh(ARRAY(
    SELECT DISTINCT x.request_id FROM new_rows n JOIN old_rows o ON o.id = n.id,
      LATERAL (VALUES (n.request_id), (o.request_id)) x(request_id)
    WHERE o.request_id IS DISTINCT FROM n.request_id OR o.email IS DISTINCT FROM n.email
      OR o."order" IS DISTINCT FROM n."order" OR o.created_at IS DISTINCT FROM n.created_at
      OR o.signed_at IS DISTINCT FROM n.signed_at
      OR o.declined_at IS DISTINCT FROM n.declined_at));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_cards_signer_update AFTER UPDATE ON signers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION request_cards_on_signer_update();
--> statement-breakpoint
CREATE TRIGGER request_cards_document_insert AFTER INSERT ON request_documents
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION request_cards_on_child_insert();
--> statement-breakpoint
CREATE TRIGGER request_cards_document_delete AFTER DELETE ON request_documents
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION request_cards_on_child_delete();
--> statement-breakpoint
CREATE FUNCTION request_cards_on_document_update() RETURNS trigger AS $$
BEGIN
  PERFORM request_cards_refresh(ARRAY(
    SELECT request_id FROM new_rows UNION SELECT request_id FROM old_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_cards_document_update AFTER UPDATE ON request_documents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION request_cards_on_document_update();
--> statement-breakpoint
-- Existing data.
SELECT request_cards_refresh(ARRAY(SELECT id FROM signature_requests));
