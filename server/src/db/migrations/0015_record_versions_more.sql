-- Record versions for the rest of the saves that may overwrite another user's work (session-shell §8: 409
-- with Resources): a holding, a member's role and permissions, a setting. Every versioned record also keeps
-- who changed it last, so that a stale save can name them.
--
-- Who changed a record is the user a write's transaction names with
--   SELECT set_config('headland.user_id', '<id>', true)
-- (server/src/events/changeAuthor.ts). A write that names nobody leaves it empty, and the conflict dialog
-- then says "another user".
ALTER TABLE holdings ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE holding_users ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE settings ADD COLUMN version integer NOT NULL DEFAULT 1;

ALTER TABLE fields ADD COLUMN changed_by integer REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE croppings ADD COLUMN changed_by integer REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE holdings ADD COLUMN changed_by integer REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE holding_users ADD COLUMN changed_by integer REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE settings ADD COLUMN changed_by integer REFERENCES users(id) ON DELETE SET NULL;

CREATE FUNCTION change_author() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('headland.user_id', true), '')::integer
$$;

-- Migration 0010's function, now also stamping the author: every table it serves has both columns.
CREATE OR REPLACE FUNCTION bump_record_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  NEW.changed_by := change_author();
  RETURN NEW;
END;
$$;

CREATE FUNCTION stamp_record_author() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_by := change_author();
  RETURN NEW;
END;
$$;

CREATE TRIGGER holdings_version BEFORE UPDATE ON holdings
  FOR EACH ROW EXECUTE FUNCTION bump_record_version();
CREATE TRIGGER holding_users_version BEFORE UPDATE ON holding_users
  FOR EACH ROW EXECUTE FUNCTION bump_record_version();
CREATE TRIGGER settings_version BEFORE UPDATE ON settings
  FOR EACH ROW EXECUTE FUNCTION bump_record_version();

-- A setting saved where none was read conflicts with one another user added meanwhile: it names them too.
CREATE TRIGGER settings_author BEFORE INSERT ON settings
  FOR EACH ROW EXECUTE FUNCTION stamp_record_author();
