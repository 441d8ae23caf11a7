-- A holding's own base maps (fields-croppings-maps §3 Custom basemap: Name, Url, Extent, ZoomMin, ZoomMax), which
-- Master users and above see in the map's base map picker and manage per holding. The rules of a row are
-- domain/src/basemapRules.ts; the checks here keep the table sound whatever writes to it.
CREATE TABLE holding_basemaps (
  id serial PRIMARY KEY,
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  url text NOT NULL CHECK (url LIKE 'https://%' AND length(url) <= 2000),
  -- [west, south, east, north] in EPSG:4326 degrees.
  extent double precision[] CHECK (extent IS NULL OR array_length(extent, 1) = 4),
  zoom_min smallint CHECK (zoom_min BETWEEN 0 AND 22),
  zoom_max smallint CHECK (zoom_max BETWEEN 0 AND 22),
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (zoom_min IS NULL OR zoom_max IS NULL OR zoom_min <= zoom_max)
);
CREATE INDEX holding_basemaps_holding ON holding_basemaps (holding_id, id);

-- Someone invited to a holding that exists joins it without giving its place: their contact keeps no address.
ALTER TABLE user_contacts ALTER COLUMN post_code DROP NOT NULL, ALTER COLUMN address DROP NOT NULL;
