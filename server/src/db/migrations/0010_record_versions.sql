-- A version per field and cropping, moved on by every update whatever the path (the services, a boundary that
-- clips its croppings, an area given to a new cropping, the holding's own updates). A save carries the version
-- it was read at; one read earlier than the stored version is refused with 409 rather than overwrite another
-- user's change.
ALTER TABLE fields ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE croppings ADD COLUMN version integer NOT NULL DEFAULT 1;

CREATE FUNCTION bump_record_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END;
$$;

CREATE TRIGGER fields_version BEFORE UPDATE ON fields
  FOR EACH ROW EXECUTE FUNCTION bump_record_version();
CREATE TRIGGER croppings_version BEFORE UPDATE ON croppings
  FOR EACH ROW EXECUTE FUNCTION bump_record_version();
