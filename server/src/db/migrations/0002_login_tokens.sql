-- Single-use temporary login tokens: sign-in links, sign-up confirmation, invitations and password resets.
-- Only a hash of each token is kept, as for access tokens.
CREATE TABLE login_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('login', 'signup', 'invite', 'passwordReset')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX login_tokens_user_idx ON login_tokens (user_id);
