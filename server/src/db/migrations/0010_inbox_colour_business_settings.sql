ALTER TABLE "businesses" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "request_inbox" ADD COLUMN "colour" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
CREATE INDEX "request_inbox_colour_idx" ON "request_inbox" USING btree ("email","colour","updated_at","request_id") WHERE visible;--> statement-breakpoint
-- The colour of every inbox row of the given requests (shared's dashboardColour, which the list
-- tests compare with this on every row): draft, completed, cancelled from the request's status;
-- an open request is to-sign for an address whose signature is due now (not signed, not
-- declined, every signer with a lower order has signed) and waiting for everyone else.
CREATE FUNCTION request_inbox_colours(p_ids uuid[]) RETURNS void AS $$
  UPDATE request_inbox i SET colour = c.colour
  FROM (
    SELECT i2.email, i2.request_id,
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
    WHERE i2.request_id = ANY(p_ids)
  ) c
  WHERE i.request_id = ANY(p_ids) AND i.email = c.email AND i.request_id = c.request_id
    AND i.colour IS DISTINCT FROM c.colour;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_inbox_on_request() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM request_inbox_set_role(u.email, NEW.id, 'owner', true) FROM users u WHERE u.id = NEW.owner_id;
  ELSE
    UPDATE request_inbox SET status = NEW.status, title_lower = lower(NEW.title),
      created_at = NEW.created_at, updated_at = NEW.updated_at, deleted = NEW.deleted_at IS NOT NULL
    WHERE request_id = NEW.id;
    PERFORM request_inbox_bump(ARRAY(SELECT email FROM request_inbox WHERE request_id = NEW.id));
  END IF;
  -- The colours follow the status; a title or a touched date leaves them as they are.
  IF TG_OP = 'INSERT' THEN
    PERFORM request_inbox_colours(ARRAY[NEW.id]);
  ELSIF OLD.status IS DISTINCT FROM NEW.status THEN
    PERFORM request_inbox_colours(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_inbox_on_participant() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM request_inbox_set_role(OLD.email, OLD.request_id, TG_ARGV[0], false);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM request_inbox_set_role(NEW.email, NEW.request_id, TG_ARGV[0], true);
  END IF;
  -- A signer added, removed or moved changes whose turn it is.
  IF TG_ARGV[0] = 'signer' THEN
    PERFORM request_inbox_colours(ARRAY[coalesce(NEW.request_id, OLD.request_id)]);
  ELSIF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM request_inbox_colours(ARRAY[NEW.request_id]);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A signature, a refusal or a new order changes whose turn it is (and the version, so cached
-- totals of the colour filters are counted again).
CREATE FUNCTION request_inbox_on_signer_turn() RETURNS trigger AS $$
BEGIN
  PERFORM request_inbox_colours(ARRAY[NEW.request_id]);
  PERFORM request_inbox_bump(ARRAY(SELECT email FROM request_inbox WHERE request_id = NEW.request_id));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_inbox_signer_turn AFTER UPDATE OF signed_at, declined_at, "order" ON signers
  FOR EACH ROW WHEN (OLD.signed_at IS DISTINCT FROM NEW.signed_at
    OR OLD.declined_at IS DISTINCT FROM NEW.declined_at OR OLD."order" IS DISTINCT FROM NEW."order")
  EXECUTE FUNCTION request_inbox_on_signer_turn();
--> statement-breakpoint
-- Existing data.
SELECT request_inbox_colours(ARRAY(SELECT id FROM signature_requests));
