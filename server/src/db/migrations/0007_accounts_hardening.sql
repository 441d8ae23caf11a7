-- Accounts and sign-in hardening: invitation secrets, whole-login revocation, confirmed e-mail changes and
-- the failed sign-in throttle kept in the database (so that it holds across restarts and several servers).

-- An invitation link carries a random secret; only its hash is kept, with the link's expiry. Invitations
-- written before this have neither and cannot be accepted: the owner sends them again.
ALTER TABLE holding_invitations ADD COLUMN secret_hash text;
ALTER TABLE holding_invitations ADD COLUMN expires_at timestamptz;

-- The login a token belongs to: the account token's own id, inherited by every holding token opened from it,
-- so that logging out revokes them all. Tokens written before this count as logins of their own.
ALTER TABLE access_tokens ADD COLUMN login_id uuid;
UPDATE access_tokens SET login_id = id WHERE login_id IS NULL;
CREATE INDEX access_tokens_login_idx ON access_tokens (login_id) WHERE revoked_at IS NULL;

-- A change of e-mail address waiting for the new address to confirm the link sent to it (single use).
CREATE TABLE email_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  new_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_changes_user_idx ON email_changes (user_id);

-- Failed sign-ins, counted per account and client address together and per client address.
CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  address text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_pair_idx ON login_failures (email, address, failed_at);
CREATE INDEX login_failures_address_idx ON login_failures (address, failed_at);
CREATE INDEX login_failures_age_idx ON login_failures (failed_at);
