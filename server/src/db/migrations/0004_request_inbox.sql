-- The dashboard read model (request_inbox, see db/schema/request-inbox.ts), kept by triggers so
-- that every writer keeps it right. request_inbox_versions gets +1 per address per change.

CREATE FUNCTION request_inbox_bump(p_emails text[]) RETURNS void AS $$
  INSERT INTO request_inbox_versions (email, version)
  SELECT e, 1 FROM (SELECT DISTINCT unnest(p_emails) AS e) x ORDER BY e
  ON CONFLICT (email) DO UPDATE SET version = request_inbox_versions.version + 1;
$$ LANGUAGE sql;
--> statement-breakpoint
-- Sets one role of one address on one request (creating the row from the request when needed).
CREATE FUNCTION request_inbox_set_role(p_email text, p_request uuid, p_role text, p_on boolean)
RETURNS void AS $$
BEGIN
  INSERT INTO request_inbox (email, request_id, is_owner, is_signer, is_observer, owner_id, status,
    title_lower, created_at, updated_at, deleted)
  SELECT lower(p_email), r.id, p_role = 'owner' AND p_on, p_role = 'signer' AND p_on,
    p_role = 'observer' AND p_on, r.owner_id, r.status, lower(r.title), r.created_at, r.updated_at,
    r.deleted_at IS NOT NULL
  FROM signature_requests r WHERE r.id = p_request
  ON CONFLICT (email, request_id) DO UPDATE SET
    is_owner = CASE WHEN p_role = 'owner' THEN p_on ELSE request_inbox.is_owner END,
    is_signer = CASE WHEN p_role = 'signer' THEN p_on ELSE request_inbox.is_signer END,
    is_observer = CASE WHEN p_role = 'observer' THEN p_on ELSE request_inbox.is_observer END;
  PERFORM request_inbox_bump(ARRAY[lower(p_email)]);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION request_inbox_on_request() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM request_inbox_set_role(u.email, NEW.id, 'owner', true) FROM users u WHERE u.id = NEW.owner_id;
  ELSE
    UPDATE request_inbox SET status = NEW.status, title_lower = lower(NEW.title),
      created_at = NEW.created_at, updated_at = NEW.updated_at, deleted = NEW.deleted_at IS NOT NULL
    WHERE request_id = NEW.id;
    PERFORM request_inbox_bump(ARRAY(SELECT email FROM request_inbox WHERE request_id = NEW.id));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_inbox_request_insert AFTER INSERT ON signature_requests
  FOR EACH ROW EXECUTE FUNCTION request_inbox_on_request();
--> statement-breakpoint
CREATE TRIGGER request_inbox_request_update AFTER UPDATE ON signature_requests
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.updated_at IS DISTINCT FROM NEW.updated_at OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION request_inbox_on_request();
--> statement-breakpoint
-- Signers and observers: TG_ARGV[0] is the role.
CREATE FUNCTION request_inbox_on_participant() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM request_inbox_set_role(OLD.email, OLD.request_id, TG_ARGV[0], false);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM request_inbox_set_role(NEW.email, NEW.request_id, TG_ARGV[0], true);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_inbox_signer_insert_delete AFTER INSERT OR DELETE ON signers
  FOR EACH ROW EXECUTE FUNCTION request_inbox_on_participant('signer');
--> statement-breakpoint
CREATE TRIGGER request_inbox_signer_email AFTER UPDATE OF email ON signers
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION request_inbox_on_participant('signer');
--> statement-breakpoint
CREATE TRIGGER request_inbox_observer_insert_delete AFTER INSERT OR DELETE ON observers
  FOR EACH ROW EXECUTE FUNCTION request_inbox_on_participant('observer');
--> statement-breakpoint
CREATE TRIGGER request_inbox_observer_email AFTER UPDATE OF email ON observers
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION request_inbox_on_participant('observer');
--> statement-breakpoint
-- Existing data.
INSERT INTO request_inbox (email, request_id, is_owner, is_signer, is_observer, owner_id, status,
  title_lower, created_at, updated_at, deleted)
SELECT p.email, r.id, bool_or(p.role = 'owner'), bool_or(p.role = 'signer'), bool_or(p.role = 'observer'),
  r.owner_id, r.status, lower(r.title), r.created_at, r.updated_at, r.deleted_at IS NOT NULL
FROM signature_requests r
JOIN (
  SELECT r2.id AS request_id, lower(u.email) AS email, 'owner' AS role FROM signature_requests r2 JOIN users u ON u.id = r2.owner_id
  UNION ALL SELECT request_id, email, 'signer' FROM signers
  UNION ALL SELECT request_id, email, 'observer' FROM observers
) p ON p.request_id = r.id
GROUP BY p.email, r.id;
