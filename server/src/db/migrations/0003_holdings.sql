-- Holdings: a field's own NVZ flag, which a holding save can set on every field at once, and the crop year
-- from which a holding's nutrition data is kept in the second-generation format.
ALTER TABLE fields ADD COLUMN nvz boolean NOT NULL DEFAULT false;
-- Existing fields start with their holding's flag.
UPDATE fields f SET nvz = h.nvz FROM holdings h WHERE h.id = f.holding_id;

CREATE TABLE nutrition_migrations (
  holding_id integer PRIMARY KEY REFERENCES holdings(id) ON DELETE CASCADE,
  first_year integer NOT NULL CHECK (first_year BETWEEN 1990 AND 2100),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users(id) ON DELETE SET NULL
);
