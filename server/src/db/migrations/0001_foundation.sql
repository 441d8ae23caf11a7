-- Foundation schema: reference data, users, holdings, sessions, the event trail, fields and croppings.
-- Geometry is stored in EPSG:4326; areas are computed geodesically with geography casts.
CREATE EXTENSION IF NOT EXISTS postgis;

CREATE TABLE regions (
  id integer PRIMARY KEY,
  name text NOT NULL,
  country_code text NOT NULL,
  nvz_mandatory boolean NOT NULL DEFAULT false,
  configured boolean NOT NULL DEFAULT false
);

CREATE TABLE weather_stations (
  id integer PRIMARY KEY,
  name text NOT NULL,
  location geometry(Point, 4326) NOT NULL,
  elevation_m integer
);

CREATE TABLE weather_station_rainfall (
  station_id integer NOT NULL REFERENCES weather_stations(id) ON DELETE CASCADE,
  month smallint NOT NULL CHECK (month BETWEEN 1 AND 12),
  rainfall_long_term_avg numeric(6, 1) NOT NULL CHECK (rainfall_long_term_avg >= 0),
  PRIMARY KEY (station_id, month)
);

CREATE TABLE towns (
  id integer PRIMARY KEY,
  name text NOT NULL,
  region_id integer NOT NULL REFERENCES regions(id),
  weather_station_id integer REFERENCES weather_stations(id),
  location geometry(Point, 4326),
  post_codes text[] NOT NULL DEFAULT '{}',
  deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX towns_name_idx ON towns (lower(name));

CREATE TABLE town_other_stations (
  town_id integer NOT NULL REFERENCES towns(id) ON DELETE CASCADE,
  station_id integer NOT NULL REFERENCES weather_stations(id),
  position smallint NOT NULL,
  PRIMARY KEY (town_id, station_id)
);

CREATE TABLE businesses (
  id integer PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE crops (
  id integer PRIMARY KEY,
  name text NOT NULL,
  category smallint NOT NULL,
  perennial boolean NOT NULL DEFAULT false,
  hidden boolean NOT NULL DEFAULT false,
  cover_crop boolean NOT NULL DEFAULT false,
  residue boolean NOT NULL DEFAULT false,
  purposes jsonb NOT NULL DEFAULT '{"userSelection": false, "list": []}',
  colour smallint[] NOT NULL,
  pattern text
);

CREATE TABLE varieties (
  id integer PRIMARY KEY,
  crop_id integer NOT NULL REFERENCES crops(id),
  name text NOT NULL,
  market text
);
CREATE INDEX varieties_crop_idx ON varieties (crop_id);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  role smallint NOT NULL DEFAULT 6,
  business_id integer REFERENCES businesses(id),
  password_hash text,
  permissions jsonb,
  properties jsonb NOT NULL DEFAULT '{}',
  tcs_accepted_version integer,
  auto_signup_in_progress boolean NOT NULL DEFAULT false,
  password_reset_requested boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_idx ON users (lower(email));

CREATE TABLE terms_and_conditions (
  version integer PRIMARY KEY,
  text text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE holdings (
  id serial PRIMARY KEY,
  trading_name text NOT NULL,
  account_number varchar(20),
  address text,
  town_id integer REFERENCES towns(id),
  region_id integer REFERENCES regions(id),
  business_id integer REFERENCES businesses(id),
  nvz boolean NOT NULL DEFAULT false,
  p_sorp_capacity smallint CHECK (p_sorp_capacity BETWEEN 1 AND 3),
  agronomist_id integer REFERENCES users(id),
  weather_station_id integer REFERENCES weather_stations(id),
  exclude_from_user_reports boolean NOT NULL DEFAULT false,
  can_change_region boolean NOT NULL DEFAULT true,
  satellite boolean NOT NULL DEFAULT false,
  features jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX holdings_trading_name_idx ON holdings (lower(trading_name));

CREATE TABLE holding_crop_years (
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  year_id integer NOT NULL CHECK (year_id BETWEEN 1990 AND 2100),
  total_area numeric(12, 2) CHECK (total_area >= 0),
  grassland_derogation_number text,
  pk_model text NOT NULL DEFAULT 'ADAS' CHECK (pk_model IN ('ADAS', 'SRUC')),
  PRIMARY KEY (holding_id, year_id)
);

CREATE TABLE holding_weather (
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  year integer NOT NULL,
  month smallint NOT NULL CHECK (month BETWEEN 1 AND 12),
  rainfall numeric(6, 1) NOT NULL CHECK (rainfall >= 0),
  PRIMARY KEY (holding_id, year, month)
);

CREATE TABLE holding_users (
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  holding_role smallint NOT NULL CHECK (holding_role IN (1, 2, 3)),
  holding_permissions jsonb,
  restrict_cropping_access boolean NOT NULL DEFAULT true,
  PRIMARY KEY (holding_id, user_id)
);
CREATE INDEX holding_users_user_idx ON holding_users (user_id);

CREATE TABLE access_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id uuid,
  restricted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  holding_id integer REFERENCES holdings(id) ON DELETE CASCADE,
  year_id integer,
  session_type smallint NOT NULL DEFAULT 1,
  read_only boolean NOT NULL DEFAULT false,
  start_date timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  inactive_since timestamptz,
  client_state jsonb,
  ended_at timestamptz
);
CREATE INDEX sessions_holding_idx ON sessions (holding_id) WHERE ended_at IS NULL;

CREATE TABLE events (
  id bigserial PRIMARY KEY,
  holding_id integer REFERENCES holdings(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  session_id uuid,
  date timestamptz NOT NULL DEFAULT now(),
  action text NOT NULL CHECK (action IN ('c', 'u', 'd', 'export', 'import', 'calc')),
  data jsonb NOT NULL DEFAULT '{}',
  source smallint NOT NULL,
  object_type text NOT NULL
);
CREATE INDEX events_holding_date_idx ON events (holding_id, date);

CREATE TABLE settings (
  id serial PRIMARY KEY,
  holding_id integer REFERENCES holdings(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  value text
);
CREATE UNIQUE INDEX settings_scope_key_idx ON settings (coalesce(holding_id, 0), coalesce(user_id, 0), key);

CREATE TABLE fields (
  id serial PRIMARY KEY,
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  name text NOT NULL,
  field_number text,
  field_group text,
  boundary geometry(MultiPolygon, 4326),
  area_type text NOT NULL DEFAULT 'Boundary' CHECK (area_type IN ('Whole', 'Working', 'Boundary')),
  boundary_area numeric(12, 4),
  working_area numeric(12, 4),
  whole_area numeric(12, 4),
  manure_spread_area numeric(12, 4),
  ignore_boundary boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fields_holding_idx ON fields (holding_id);
CREATE INDEX fields_boundary_idx ON fields USING gist (boundary);

CREATE TABLE field_years (
  field_id integer NOT NULL REFERENCES fields(id) ON DELETE CASCADE,
  year_id integer NOT NULL,
  disabled boolean NOT NULL DEFAULT false,
  PRIMARY KEY (field_id, year_id)
);

CREATE TABLE croppings (
  id serial PRIMARY KEY,
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  field_id integer NOT NULL REFERENCES fields(id) ON DELETE CASCADE,
  year_id integer NOT NULL,
  plot_id text,
  batch_id text,
  start_date date,
  end_date date,
  sowing_date date,
  harvest_date date,
  destruction_date date,
  destroyed boolean NOT NULL DEFAULT false,
  crop_id integer NOT NULL DEFAULT 0 REFERENCES crops(id),
  crop_name text,
  crop_descr text,
  variety_id integer REFERENCES varieties(id),
  variety_name text,
  market text,
  area numeric(12, 4),
  boundary geometry(MultiPolygon, 4326),
  management_options jsonb NOT NULL DEFAULT '[]',
  manure_spread_area numeric(12, 4),
  attributes jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX croppings_holding_year_idx ON croppings (holding_id, year_id);
CREATE INDEX croppings_field_idx ON croppings (field_id);

CREATE TABLE cropping_permissions (
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  cropping_id integer NOT NULL REFERENCES croppings(id) ON DELETE CASCADE,
  authorized boolean NOT NULL,
  PRIMARY KEY (holding_id, user_id, cropping_id)
);
