-- Connections to external apps (session-shell-connections §3 Connection, §4 App connection; issue 22). A
-- connection belongs to the user who made it, on the holding it was made for; tokens and passwords are sealed
-- (AES-256-GCM, bound to the row id) by the server before they are written.
CREATE TABLE app_connections (
  id serial PRIMARY KEY,
  app_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  mode smallint NOT NULL CHECK (mode IN (1, 2)),
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1, 2)),
  organisation_id text CHECK (length(organisation_id) <= 100),
  organisation_name text CHECK (length(organisation_name) <= 200),
  first_year integer CHECK (first_year BETWEEN 1990 AND 2100),
  basic_user text CHECK (length(basic_user) <= 200),
  sealed_password text,
  sealed_access_token text,
  sealed_refresh_token text,
  access_expires_at timestamptz,
  -- A started authorisation: the state is kept as a SHA-256 hash, the PKCE verifier sealed.
  oauth_state_hash text,
  sealed_pkce_verifier text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (holding_id, user_id, app_id)
);
CREATE UNIQUE INDEX app_connections_state ON app_connections (oauth_state_hash) WHERE oauth_state_hash IS NOT NULL;
CREATE INDEX app_connections_user ON app_connections (user_id);
