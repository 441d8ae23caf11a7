-- Sign-up: the links that let a person without an account set one up, and what the sign-up wizard asks.

-- A sign-up link carries a random key; only its hash is kept. It works until the account is set up (or the
-- sign-up cancelled) and at most until it expires; an invitation sent again replaces the links it sent before.
CREATE TABLE signup_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key_hash text NOT NULL UNIQUE,
  email text NOT NULL,
  invitation_id uuid REFERENCES holding_invitations(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX signup_requests_email_idx ON signup_requests (lower(email));

-- An account opened from a sign-up link whose wizard is not finished: it has no password, its logins are
-- restricted, and cancelling the sign-up deletes it.
ALTER TABLE users ADD COLUMN signup_pending boolean NOT NULL DEFAULT false;

-- The contact details the wizard asks for.
CREATE TABLE user_contacts (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  phone_number text NOT NULL,
  post_code text NOT NULL,
  address text NOT NULL,
  region_id integer REFERENCES regions(id),
  town_id integer REFERENCES towns(id),
  agronomist text NOT NULL DEFAULT '',
  contact_consent boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
