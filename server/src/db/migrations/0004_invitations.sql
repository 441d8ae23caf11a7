-- Invitations to join a holding, and the outbox every outgoing e-mail is written to first: a message is
-- queued in the same transaction as the change that causes it, then a sender delivers it with retries.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "to" text NOT NULL,
  subject text NOT NULL,
  text text NOT NULL,
  html text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'queued';
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at);

CREATE TABLE holding_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  email text NOT NULL,
  access_level smallint NOT NULL CHECK (access_level IN (1, 2, 3)),
  issued_by integer REFERENCES users(id) ON DELETE SET NULL,
  issued_on timestamptz NOT NULL DEFAULT now(),
  accepted_on timestamptz,
  accepted_by integer REFERENCES users(id) ON DELETE SET NULL,
  -- The latest e-mail sent for the invitation, whose status the invitation list reports.
  mail_id uuid REFERENCES mail_outbox(id) ON DELETE SET NULL
);
-- One pending invitation per holding and address: sending again refreshes it.
CREATE UNIQUE INDEX holding_invitations_pending_idx
  ON holding_invitations (holding_id, lower(email)) WHERE accepted_on IS NULL;
CREATE INDEX holding_invitations_holding_idx ON holding_invitations (holding_id);
