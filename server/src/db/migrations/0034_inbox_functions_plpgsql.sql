-- The inbox's two helper functions in PL/pgSQL instead of SQL, with the same statements (issue
-- 12). A LANGUAGE sql function that cannot be inlined (these write, and are called with PERFORM
-- from the triggers) is parsed and planned again at every call; PL/pgSQL keeps its statements'
-- plans for the session. Each signature calls both from its triggers: on PGlite that planning
-- was most of the inbox's share of the signature's write statement.
CREATE OR REPLACE FUNCTION request_inbox_bump(p_emails text[]) RETURNS void AS $$
BEGIN
  INSERT INTO request_inbox_versions (email, version)
  SELECT e, 1 FROM (SELECT DISTINCT unnest(p_emails) AS e) x ORDER BY e
  ON CONFLICT (email) DO UPDATE SET version = request_inbox_versions.version + 1
  WHERE NOT (request_inbox_versions.xmin = pg_current_xact_id()::xid);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_inbox_colours(p_ids uuid[]) RETURNS void AS $$
BEGIN
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
END;
$$ LANGUAGE plpgsql;
