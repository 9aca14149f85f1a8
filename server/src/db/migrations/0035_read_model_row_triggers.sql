-- The read models' update triggers on signature_requests and signers are row triggers on the
-- columns they show (issue 12). The statement triggers of 0007/0031 took transition tables, and a
-- table with such an UPDATE trigger captures old and new rows for every update statement, also
-- one that changes nothing a read model shows: the claim of a signature (`locked_until`), an
-- invitation or a reminder (`invited_at`, …). A statement trigger cannot name its columns when it
-- has transition tables; a row trigger can, and with a WHEN clause it is not even queued for a
-- row whose shown facts stayed the same. Same read models as before: what the statement
-- triggers did for the changed rows, done per changed row (a signature changes one request and
-- one signer row; a group commit, one of each per request, each request's work as before).
DROP TRIGGER request_inbox_request_update ON signature_requests;
--> statement-breakpoint
DROP FUNCTION request_inbox_on_requests_update();
--> statement-breakpoint
CREATE FUNCTION request_inbox_on_request_update() RETURNS trigger AS $$
BEGIN
  UPDATE request_inbox SET status = NEW.status, title_lower = lower(NEW.title),
    created_at = NEW.created_at, updated_at = NEW.updated_at, deleted = NEW.deleted_at IS NOT NULL
  WHERE request_id = NEW.id;
  PERFORM request_inbox_bump(ARRAY(SELECT email FROM request_inbox WHERE request_id = NEW.id));
  IF OLD.status IS DISTINCT FROM NEW.status THEN
    PERFORM request_inbox_colour(NEW.id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_inbox_request_update
  AFTER UPDATE OF status, title, created_at, updated_at, deleted_at ON signature_requests
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.updated_at IS DISTINCT FROM NEW.updated_at
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION request_inbox_on_request_update();
--> statement-breakpoint
DROP TRIGGER request_cards_request_update ON signature_requests;
--> statement-breakpoint
DROP FUNCTION request_cards_on_request_update();
--> statement-breakpoint
CREATE FUNCTION request_cards_on_request_update() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM request_cards c WHERE c.request_id = NEW.id
      AND c.card->>'title' IS NOT DISTINCT FROM NEW.title
      AND c.card->>'status' IS NOT DISTINCT FROM NEW.status
      AND c.card->>'created_at' IS NOT DISTINCT FROM
        to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      AND c.card->>'updated_at' IS NOT DISTINCT FROM
        to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) THEN
    PERFORM request_cards_refresh_one(NEW.id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_cards_request_update
  AFTER UPDATE OF status, title, created_at, updated_at ON signature_requests
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.updated_at IS DISTINCT FROM NEW.updated_at)
  EXECUTE FUNCTION request_cards_on_request_update();
--> statement-breakpoint
DROP TRIGGER request_inbox_signer_turn ON signers;
--> statement-breakpoint
DROP FUNCTION request_inbox_on_signers_turn();
--> statement-breakpoint
CREATE FUNCTION request_inbox_on_signer_turn() RETURNS trigger AS $$
BEGIN
  PERFORM request_inbox_colour(NEW.request_id);
  PERFORM request_inbox_bump(ARRAY(SELECT email FROM request_inbox WHERE request_id = NEW.request_id));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_inbox_signer_turn
  AFTER UPDATE OF signed_at, declined_at, "order" ON signers
  FOR EACH ROW WHEN (OLD.signed_at IS DISTINCT FROM NEW.signed_at
    OR OLD.declined_at IS DISTINCT FROM NEW.declined_at OR OLD."order" IS DISTINCT FROM NEW."order")
  EXECUTE FUNCTION request_inbox_on_signer_turn();
--> statement-breakpoint
DROP TRIGGER request_cards_signer_update ON signers;
--> statement-breakpoint
DROP FUNCTION request_cards_on_signer_update();
--> statement-breakpoint
CREATE FUNCTION request_cards_on_signer_update() RETURNS trigger AS $$
BEGIN
  IF OLD.request_id IS DISTINCT FROM NEW.request_id THEN
    PERFORM request_cards_refresh(ARRAY[OLD.request_id, NEW.request_id]);
  ELSE
    PERFORM request_cards_refresh_one(NEW.request_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_cards_signer_update
  AFTER UPDATE OF request_id, email, "order", created_at, signed_at, declined_at ON signers
  FOR EACH ROW WHEN (OLD.request_id IS DISTINCT FROM NEW.request_id OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD."order" IS DISTINCT FROM NEW."order" OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.signed_at IS DISTINCT FROM NEW.signed_at OR OLD.declined_at IS DISTINCT FROM NEW.declined_at)
  EXECUTE FUNCTION request_cards_on_signer_update();
--> statement-breakpoint
-- The inbox's primary key leads with the request: the triggers find a request's rows by it, so
-- request_inbox_request_idx (request_id alone) goes. Every signature moves each participant's
-- row to the new date, and a moved row is entered in every index of the table again: one index
-- less is one entry less per participant and signature. The (email, request_id) conflicts of
-- request_inbox_set_role are inferred from the same columns in any order.
DROP INDEX "request_inbox_request_idx";--> statement-breakpoint
ALTER TABLE "request_inbox" DROP CONSTRAINT "request_inbox_email_request_id_pk";--> statement-breakpoint
ALTER TABLE "request_inbox" ADD CONSTRAINT "request_inbox_request_id_email_pk" PRIMARY KEY("request_id","email");
--> statement-breakpoint
-- The card and colour helpers take an array of request ids, and inside PL/pgSQL a statement on
-- `= ANY(p_ids)` has no good generic plan (the array's length is unknown: hash joins over whole
-- tables), so PostgreSQL planned it again at every call; a trigger passes one id, and the
-- planning was most of what the helpers cost a signature. The statements take one scalar id now
-- (their generic plan is the index lookups, kept for the session), and an array is done one id
-- after the other, in id order. Same statements; a request that no longer exists is skipped.
CREATE FUNCTION request_cards_refresh_one(p_id uuid) RETURNS void AS $$
BEGIN
  INSERT INTO request_cards (request_id, card)
  SELECT r.id, '{}'::json FROM signature_requests r WHERE r.id = p_id
  ON CONFLICT (request_id) DO NOTHING;
  PERFORM 1 FROM request_cards WHERE request_id = p_id FOR UPDATE;
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
  WHERE r.id = p_id AND c.request_id = p_id;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Several ids: each card in id order, as before (the cards locked in that order, each rebuilt in
-- a statement after its lock).
CREATE OR REPLACE FUNCTION request_cards_refresh(p_ids uuid[]) RETURNS void AS $$
DECLARE
  id uuid;
BEGIN
  FOR id IN SELECT DISTINCT x FROM unnest(p_ids) AS x WHERE x IS NOT NULL ORDER BY x LOOP
    PERFORM request_cards_refresh_one(id);
  END LOOP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION request_inbox_colour(p_id uuid) RETURNS void AS $$
BEGIN
  UPDATE request_inbox i SET colour = c.colour
  FROM (
    SELECT i2.email,
      CASE r.status
        WHEN 'DRAFT' THEN 'draft'
        WHEN 'SIGNED' THEN 'completed'
        WHEN 'OPEN' THEN CASE WHEN EXISTS (
            SELECT 1 FROM signers s
            WHERE s.request_id = r.id AND s.email = i2.email
              AND s.signed_at IS NULL AND s.declined_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM signers o WHERE o.request_id = r.id
                AND o."order" < s."order" AND o.signed_at IS NULL))
          THEN 'to-sign' ELSE 'waiting' END
        ELSE 'cancelled'
      END AS colour
    FROM request_inbox i2 JOIN signature_requests r ON r.id = i2.request_id
    WHERE i2.request_id = p_id AND r.id = p_id
  ) c
  WHERE i.request_id = p_id AND i.email = c.email AND i.colour IS DISTINCT FROM c.colour;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_inbox_colours(p_ids uuid[]) RETURNS void AS $$
DECLARE
  id uuid;
BEGIN
  FOR id IN SELECT DISTINCT x FROM unnest(p_ids) AS x WHERE x IS NOT NULL ORDER BY x LOOP
    PERFORM request_inbox_colour(id);
  END LOOP;
END;
$$ LANGUAGE plpgsql;
