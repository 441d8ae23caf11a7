-- Accounts: the language a user prefers (null while not chosen) and single-use password reset links.

-- One of the product's language codes (domain/src/languages.ts). It decides the language of the e-mails the
-- account receives and, when no ?lang= parameter is given, of the screens.
ALTER TABLE users ADD COLUMN language text;
ALTER TABLE users ADD CONSTRAINT users_language_known
  CHECK (language IS NULL OR language IN ('de', 'en', 'fr', 'hu', 'nl', 'pl', 'es', 'ro', 'it', 'sk', 'cs', 'bg'));

-- A link that lets the holder of the account's mailbox set a new password. Only the hash of the link's secret
-- is kept; a link works once and until it expires, and a newer link or a password change ends the older ones.
CREATE TABLE password_resets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at);
