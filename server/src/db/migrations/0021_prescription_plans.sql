-- Prescription plans (session-shell-connections §3 Plan type PrescriptionPlan 4, §4 Plans): a product at a rate per
-- zone, the zones clipped by PostGIS to each field's boundary (less an optional headland margin) when the plan is
-- made from a data layer. The rules are domain/src/plans/prescriptionRules.ts; the checks keep the table sound.
CREATE TABLE prescription_plans (
  id serial PRIMARY KEY,
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  year_id integer NOT NULL,
  status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 5),
  product_key text NOT NULL CHECK (length(product_key) BETWEEN 3 AND 42),
  product_name text NOT NULL CHECK (length(product_name) BETWEEN 1 AND 100),
  rate_unit_id smallint NOT NULL,
  layer_id integer REFERENCES data_layers(id) ON DELETE SET NULL,
  headland_m double precision NOT NULL DEFAULT 0 CHECK (headland_m BETWEEN 0 AND 50),
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX prescription_plans_holding ON prescription_plans (holding_id, year_id);
CREATE UNIQUE INDEX prescription_plans_name ON prescription_plans (holding_id, lower(name));

CREATE TABLE prescription_zones (
  id serial PRIMARY KEY,
  plan_id integer NOT NULL REFERENCES prescription_plans(id) ON DELETE CASCADE,
  field_id integer NOT NULL REFERENCES fields(id) ON DELETE CASCADE,
  zone_number integer NOT NULL,
  rate double precision NOT NULL CHECK (rate >= 0),
  geom geometry(MultiPolygon, 4326) NOT NULL,
  -- Geodesic hectares, measured by PostGIS when the zone is clipped.
  area_ha double precision NOT NULL
);
CREATE INDEX prescription_zones_plan ON prescription_zones (plan_id, field_id, zone_number);
