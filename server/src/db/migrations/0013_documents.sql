-- The holding's document and picture library (fields-croppings-maps §3 Document). The files themselves live in
-- the document store (a folder on disk or an S3-compatible bucket) under `storage_name`; a row is written only
-- after its files are stored, in one transaction with the other rows of the same upload.
CREATE TABLE import_documents (
  id serial PRIMARY KEY,
  holding_id integer NOT NULL REFERENCES holdings(id) ON DELETE CASCADE,
  year_id integer NOT NULL,
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 255),
  description text CHECK (char_length(description) <= 250),
  content_type text NOT NULL,
  -- 32 hexadecimal digits, random: the name of the stored file, and of its thumbnails with a suffix.
  storage_name text NOT NULL UNIQUE CHECK (storage_name ~ '^[0-9a-f]{32}$'),
  ext text NOT NULL CHECK (ext IN ('jpg', 'png', 'gif', 'pdf')),
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  has_thumbnail boolean NOT NULL DEFAULT false,
  upload_date timestamptz NOT NULL DEFAULT now(),
  exif_date timestamptz,
  exif_location geometry(Point, 4326),
  uploaded_by integer REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX import_documents_holding_year_idx ON import_documents (holding_id, year_id, upload_date DESC, id DESC);
CREATE INDEX import_documents_location_idx ON import_documents USING gist (exif_location);
