-- Data layers, their zones and point data (fields-croppings-maps §3 Data layer, Layer type, Layer zone).
-- Geometry is stored in EPSG:4326, made valid and measured by PostGIS when written; areas are geodesic hectares.

-- The layer types of domain/src/layers/layerTypes.ts, so that a layer's type is a real reference.
CREATE TABLE layer_types (
  id smallint PRIMARY KEY,
  group_id smallint NOT NULL CHECK (group_id BETWEEN 1 AND 8),
  value_type text NOT NULL CHECK (value_type IN ('Numeric', 'Discrete')),
  name text NOT NULL
);
INSERT INTO layer_types (id, group_id, value_type, name) VALUES
  (1, 1, 'Discrete', 'Soil texture'),
  (2, 1, 'Numeric', 'EC scan'),
  (10, 2, 'Numeric', 'pH'),
  (11, 2, 'Numeric', 'Phosphorus (P)'),
  (12, 2, 'Numeric', 'Potassium (K)'),
  (13, 2, 'Numeric', 'Magnesium (Mg)'),
  (14, 2, 'Numeric', 'Organic matter'),
  (20, 3, 'Numeric', 'Yield'),
  (30, 4, 'Numeric', 'Nutrient requirement'),
  (31, 4, 'Numeric', 'Application'),
  (32, 4, 'Numeric', 'Seed rate'),
  (40, 5, 'Numeric', 'Biomass'),
  (50, 6, 'Numeric', 'TerraMap'),
  (60, 7, 'Discrete', 'Weed and pest pressure'),
  (70, 8, 'Numeric', 'Drawing'),
  (71, 8, 'Numeric', 'Picture');

CREATE TABLE data_layers (
  id serial PRIMARY KEY,
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  type_id smallint NOT NULL REFERENCES layer_types(id),
  subtype_id smallint CHECK (subtype_id IN (1, 2)),
  -- Map scope of §9: 1 field, 2 cropping, 3 holding.
  scope smallint NOT NULL CHECK (scope IN (1, 2, 3)),
  field_id integer REFERENCES fields(id) ON DELETE CASCADE,
  cropping_id integer REFERENCES croppings(id) ON DELETE CASCADE,
  crop_id integer,
  parent_id integer REFERENCES data_layers(id) ON DELETE SET NULL,
  year_id integer NOT NULL CHECK (year_id BETWEEN 1990 AND 2100),
  layer_date date,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  unit text CHECK (char_length(unit) <= 40),
  nutrient_id smallint CHECK (nutrient_id BETWEEN 1 AND 6),
  product_id integer,
  rate_unit_id smallint CHECK (rate_unit_id BETWEEN 1 AND 22),
  plan_name text CHECK (char_length(plan_name) <= 100),
  calculated boolean NOT NULL DEFAULT false,
  inactive boolean NOT NULL DEFAULT false,
  show_zone_numbers boolean NOT NULL DEFAULT false,
  show_stroke boolean NOT NULL DEFAULT true,
  ranges jsonb,
  style jsonb,
  -- Kept with every change of the layer's zones and points, so that the list reads no zone.
  zone_count integer NOT NULL DEFAULT 0,
  point_count integer NOT NULL DEFAULT 0,
  min_value double precision,
  max_value double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (scope <> 1 OR field_id IS NOT NULL),
  CHECK (scope <> 2 OR (cropping_id IS NOT NULL AND field_id IS NOT NULL)),
  CHECK (scope <> 3 OR (field_id IS NULL AND cropping_id IS NULL))
);
CREATE INDEX data_layers_holding_year_idx ON data_layers (holding_id, year_id);
CREATE INDEX data_layers_field_idx ON data_layers (field_id);
CREATE INDEX data_layers_cropping_idx ON data_layers (cropping_id);
CREATE INDEX data_layers_parent_idx ON data_layers (parent_id);

CREATE TABLE layer_zones (
  id serial PRIMARY KEY,
  layer_id integer NOT NULL REFERENCES data_layers(id) ON DELETE CASCADE,
  -- §4: a zone number is empty or positive.
  zone_number integer CHECK (zone_number IS NULL OR zone_number > 0),
  value double precision,
  init_value double precision,
  label text CHECK (char_length(label) <= 200),
  document_id integer REFERENCES import_documents(id) ON DELETE SET NULL,
  field_id integer REFERENCES fields(id) ON DELETE SET NULL,
  buffer double precision,
  buffer_line geometry(LineString, 4326),
  user_defined boolean NOT NULL DEFAULT false,
  regular_shape jsonb,
  style jsonb,
  label_style jsonb,
  product_rate double precision,
  nutrient_rate double precision,
  init_product_rate double precision,
  geom geometry(MultiPolygon, 4326) NOT NULL,
  area_ha double precision NOT NULL
);
CREATE INDEX layer_zones_layer_idx ON layer_zones (layer_id, id);
CREATE INDEX layer_zones_geom_idx ON layer_zones USING gist (geom);

CREATE TABLE layer_points (
  id serial PRIMARY KEY,
  layer_id integer NOT NULL REFERENCES data_layers(id) ON DELETE CASCADE,
  value double precision,
  geom geometry(Point, 4326) NOT NULL
);
CREATE INDEX layer_points_layer_idx ON layer_points (layer_id, id);

-- A file waiting between its preview and its commit (a day at most), and the background import it becomes.
CREATE TABLE layer_import_uploads (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  file_name text NOT NULL,
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE layer_import_tasks (
  id serial PRIMARY KEY,
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  upload_id text REFERENCES layer_import_uploads(id) ON DELETE SET NULL,
  request jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  layer_ids integer[] NOT NULL DEFAULT '{}',
  error jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX layer_import_tasks_status_idx ON layer_import_tasks (status, id);

-- Grid cleaning of drawn polygons (fields-croppings-maps §4 Zone editing): rings under `min_ring_m2` square
-- metres are dropped, and vertices whose turn is under `min_angle_degrees` removed (repeated points first).
-- Angles are read on the lon/lat plane, which keeps a straight run straight. Answers a MultiPolygon, possibly
-- empty; the caller makes the result valid.
CREATE FUNCTION layer_clean_polygons(g geometry, min_ring_m2 double precision, min_angle_degrees double precision)
RETURNS geometry LANGUAGE sql IMMUTABLE
-- The planner's default guess of 1,000 rows per set-returning function makes this tiny query look costly
-- enough for PostgreSQL's JIT, whose compilation alone takes most of a second.
SET jit = off AS $$
  WITH polys AS (
    SELECT d.path[1] AS p, d.geom FROM ST_Dump(ST_RemoveRepeatedPoints(g)) d WHERE ST_GeometryType(d.geom) = 'ST_Polygon'
  ), rings AS (
    SELECT polys.p, r.path[1] AS r, ST_ExteriorRing(r.geom) AS ring
      FROM polys, ST_DumpRings(polys.geom) r
     WHERE ST_Area(r.geom::geography) >= min_ring_m2
  ), pts AS (
    SELECT rings.p, rings.r, dp.path[1] AS i, dp.geom AS pt, ST_NPoints(rings.ring) AS n, rings.ring
      FROM rings, ST_DumpPoints(rings.ring) dp
  ), angles AS (
    SELECT p, r, i, pt,
           ST_Azimuth(ST_PointN(ring, CASE WHEN i = 1 THEN n - 1 ELSE i - 1 END), pt) AS a_in,
           ST_Azimuth(pt, ST_PointN(ring, CASE WHEN i = n - 1 THEN 1 ELSE i + 1 END)) AS a_out
      FROM pts WHERE i < n
  ), kept AS (
    SELECT p, r, i, pt FROM angles
     WHERE a_in IS NULL OR a_out IS NULL
        OR degrees(abs(atan2(sin(a_out - a_in), cos(a_out - a_in)))) >= min_angle_degrees
  ), kept_rings AS (
    SELECT p, r, count(*) AS c, ST_MakeLine(array_append(array_agg(pt ORDER BY i), (array_agg(pt ORDER BY i))[1])) AS line
      FROM kept GROUP BY p, r
  )
  SELECT coalesce(ST_Multi(ST_Collect(poly)), ST_GeomFromText('MULTIPOLYGON EMPTY', 4326)) FROM (
    SELECT ST_MakePolygon(e.line, coalesce(ARRAY(
             SELECT h.line FROM kept_rings h WHERE h.p = e.p AND h.r > 0 AND h.c >= 3 ORDER BY h.r), '{}')) AS poly
      FROM kept_rings e WHERE e.r = 0 AND e.c >= 3
  ) x
$$;
