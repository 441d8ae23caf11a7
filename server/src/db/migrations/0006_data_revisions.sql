-- A revision number per holding (scope 0: the shared catalogues) that every change to what the fields list
-- answers moves on, in the same transaction as the change. The list's ETag is made from it, so a browser that
-- already holds a year's list revalidates it with one small query instead of downloading it again. Triggers
-- rather than calls in the services, so that no write path (imports, cascades, later modules) can forget it.
CREATE TABLE data_revisions (
  scope integer PRIMARY KEY,
  revision bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION bump_data_revision(scopes integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO data_revisions (scope, revision)
  SELECT DISTINCT s, 1 FROM unnest(scopes) AS s WHERE s IS NOT NULL
  ON CONFLICT (scope) DO UPDATE SET revision = data_revisions.revision + 1;
$$;

CREATE FUNCTION bump_holding_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_data_revision(ARRAY(SELECT DISTINCT holding_id FROM changed));
  RETURN NULL;
END;
$$;

CREATE FUNCTION bump_field_holding_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_data_revision(ARRAY(
    SELECT DISTINCT f.holding_id FROM changed c JOIN fields f ON f.id = c.field_id));
  RETURN NULL;
END;
$$;

CREATE FUNCTION bump_shared_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_data_revision(ARRAY[0]);
  RETURN NULL;
END;
$$;

-- A trigger with a transition table may have one event only, hence three per table.
CREATE TRIGGER fields_revision_insert AFTER INSERT ON fields
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_holding_revision();
CREATE TRIGGER fields_revision_update AFTER UPDATE ON fields
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_holding_revision();
CREATE TRIGGER fields_revision_delete AFTER DELETE ON fields
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_holding_revision();

CREATE TRIGGER croppings_revision_insert AFTER INSERT ON croppings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_holding_revision();
CREATE TRIGGER croppings_revision_update AFTER UPDATE ON croppings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_holding_revision();
CREATE TRIGGER croppings_revision_delete AFTER DELETE ON croppings
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_holding_revision();

CREATE TRIGGER cropping_permissions_revision_insert AFTER INSERT ON cropping_permissions
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_holding_revision();
CREATE TRIGGER cropping_permissions_revision_update AFTER UPDATE ON cropping_permissions
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_holding_revision();
CREATE TRIGGER cropping_permissions_revision_delete AFTER DELETE ON cropping_permissions
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_holding_revision();

-- A field deleted with its years has already moved its holding on; its years no longer join to it here.
CREATE TRIGGER field_years_revision_insert AFTER INSERT ON field_years
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_field_holding_revision();
CREATE TRIGGER field_years_revision_update AFTER UPDATE ON field_years
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_field_holding_revision();
CREATE TRIGGER field_years_revision_delete AFTER DELETE ON field_years
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_field_holding_revision();

CREATE TRIGGER varieties_revision AFTER INSERT OR UPDATE OR DELETE ON varieties
  FOR EACH STATEMENT EXECUTE FUNCTION bump_shared_revision();
