-- Partners (session-shell-connections §3, §4 Partners; issue 23): organisations such as an agronomy firm or a
-- grain buyer, with users of their own, to whom a holding shares chosen croppings of a crop year once the
-- partner's legal documents are signed for that holding.
CREATE TABLE partners (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX partners_name ON partners (lower(name));

-- A user who belongs to a partner works only through what holdings share with that partner.
ALTER TABLE users ADD COLUMN partner_id integer REFERENCES partners(id) ON DELETE SET NULL;
CREATE INDEX users_partner ON users (partner_id) WHERE partner_id IS NOT NULL;

CREATE TABLE legal_documents (
  id serial PRIMARY KEY,
  partner_id integer NOT NULL REFERENCES partners(id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200)
);
CREATE INDEX legal_documents_partner ON legal_documents (partner_id);

-- Versions are never changed once written: a new text is a new version, which needs a new signature.
CREATE TABLE legal_document_versions (
  id serial PRIMARY KEY,
  legal_document_id integer NOT NULL REFERENCES legal_documents(id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 20000),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (legal_document_id, version)
);

-- A signature binds one holding to one version; the signer's name is kept as it was when signing.
CREATE TABLE legal_document_signatures (
  id serial PRIMARY KEY,
  legal_document_version_id integer NOT NULL REFERENCES legal_document_versions(id) ON DELETE CASCADE,
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (legal_document_version_id, holding_id)
);
CREATE INDEX legal_document_signatures_holding ON legal_document_signatures (holding_id);

-- Whether a partner is enabled for a holding's crop year.
CREATE TABLE partner_holdings (
  partner_id integer NOT NULL REFERENCES partners(id) ON DELETE CASCADE,
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  year_id integer NOT NULL,
  enabled boolean NOT NULL DEFAULT false,
  changed_by integer REFERENCES users(id) ON DELETE SET NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (partner_id, holding_id, year_id)
);
CREATE INDEX partner_holdings_holding ON partner_holdings (holding_id, year_id);

-- The croppings a holding shares with a partner; they count only while the partner is enabled for their year.
CREATE TABLE partner_croppings (
  partner_id integer NOT NULL REFERENCES partners(id) ON DELETE CASCADE,
  cropping_id integer NOT NULL REFERENCES croppings(id) ON DELETE CASCADE,
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  year_id integer NOT NULL,
  PRIMARY KEY (partner_id, cropping_id)
);
CREATE INDEX partner_croppings_holding ON partner_croppings (holding_id, year_id, partner_id);
