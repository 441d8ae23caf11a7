-- Live collaboration (session-shell §4, §7). Every server listens on the channel 'headland_live'; the
-- messages carry ids only (a NOTIFY payload must stay under 8,000 bytes) and are delivered on commit, so a
-- rolled-back change announces nothing. Triggers rather than calls in the services, so that no write path
-- can forget to announce its change.

-- An event on a holding: servers with sockets on that holding read it and push it to them.
CREATE FUNCTION announce_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.holding_id IS NOT NULL THEN
    PERFORM pg_notify('headland_live', json_build_object('k', 'e', 'e', NEW.id, 'h', NEW.holding_id)::text);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER events_announce AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION announce_event();

-- A holding's data revision moved on (migration 0006): every server forgets the year lists it keeps for it.
CREATE FUNCTION announce_data_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('headland_live', json_build_object('k', 'r', 'h', NEW.scope)::text);
  RETURN NULL;
END;
$$;
CREATE TRIGGER data_revisions_announce AFTER INSERT OR UPDATE ON data_revisions
  FOR EACH ROW EXECUTE FUNCTION announce_data_revision();

-- Maintenance windows (session-shell §3, §4): kept in the database so that they survive a restart and every
-- server refuses calls during the same window.
CREATE TABLE maintenance_notices (
  id serial PRIMARY KEY,
  start_date timestamptz NOT NULL,
  end_date timestamptz NOT NULL,
  message text NOT NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date > start_date)
);
CREATE INDEX maintenance_notices_end ON maintenance_notices (end_date);

-- Uncaught browser errors reported by beacon (session-shell §8), for support to read.
CREATE TABLE client_errors (
  id bigserial PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  session_id uuid,
  date timestamptz NOT NULL DEFAULT now(),
  message text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX client_errors_date ON client_errors (date);
