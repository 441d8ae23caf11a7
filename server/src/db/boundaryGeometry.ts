import type { OwnRefusalCode } from '@headland/domain/api/refusalCodes';
import { sql, type SQL } from 'drizzle-orm';
import {
  boundaryInputSchema,
  Srid,
  type GeoJsonMultiPolygon,
  type GeoJsonPolygon,
} from '@headland/domain/api/fieldsApi';
import type { Db } from './database.ts';
import { countBoundaryVertices, isGeoJsonBoundary } from '@headland/domain/boundaryVertices';
import { maxBoundaryVertices } from '@headland/domain/inputLimits';
import { validationFailed } from '../http/httpErrors.ts';
import { requestIssues } from '../http/requestLimits.ts';
import { ewkbHexOfGeoJson } from './boundaryWkb.ts';
import { sqlRows } from './sqlRows.ts';

/** A boundary ready to store: valid polygons only, as a MultiPolygon in EPSG:4326, with its geodesic area. */
export interface StoredBoundary {
  /** Hex EWKB of the 4326 MultiPolygon, for `ST_GeomFromEWKB(decode(…, 'hex'))`. */
  ewkbHex: string;
  /** Hectares, rounded to 4 decimals as stored. */
  areaHa: number;
}

/** Coordinates a boundary may have in each accepted system; the British grid gets a margin around Great Britain. */
const sridBounds: Record<Srid, { minX: number; minY: number; maxX: number; maxY: number }> = {
  [Srid.Wgs84]: { minX: -180, minY: -90, maxX: 180, maxY: 90 },
  [Srid.BritishNationalGrid]: { minX: -100_000, minY: -100_000, maxX: 800_000, maxY: 1_400_000 },
};

interface CheckRow extends Record<string, unknown> {
  srid: number;
  min_x: number | null;
  min_y: number | null;
  max_x: number | null;
  max_y: number | null;
  empty: boolean;
  ewkb: string | null;
  area: number | null;
}

function withinSql(srid: Srid): SQL {
  const { minX, minY, maxX, maxY } = sridBounds[srid];
  return sql`(ST_SRID(raw) = ${srid}::int AND ST_XMin(raw) >= ${minX}::float8 AND ST_XMax(raw) <= ${maxX}::float8
              AND ST_YMin(raw) >= ${minY}::float8 AND ST_YMax(raw) <= ${maxY}::float8)`;
}

/**
 * SQL reading a boundary in the client's form, in `srid`: GeoJSON geometry (sent as EWKB in `srid`), or (E)WKT
 * text whose own `SRID=` prefix wins.
 */
function sourceGeometrySql(input: unknown, srid: Srid): SQL {
  if (typeof input !== 'string') {
    const ewkb = ewkbHexOfGeoJson(input as GeoJsonPolygon | GeoJsonMultiPolygon, srid);
    return sql`ST_GeomFromEWKB(decode(${ewkb}, 'hex'))`;
  }
  return sql`(SELECT CASE WHEN ST_SRID(w.g) = 0 THEN ST_SetSRID(w.g, ${srid}::int) ELSE w.g END
                FROM (SELECT ST_GeomFromEWKT(${input}) AS g) w)`;
}

/**
 * Turns a client's boundary into the stored form, or fails with a 400 naming `field`. Runs outside any
 * transaction, because a geometry PostGIS cannot read fails the statement, and that must not abort a write.
 */
export async function prepareBoundary(
  db: Db,
  input: unknown,
  srid: Srid,
  field = 'Boundary',
): Promise<StoredBoundary> {
  const fail = (code: OwnRefusalCode = 'boundaryInvalid') => validationFailed([{ Field: field, Code: code }]);
  // Counted before anything reads the boundary: PostGIS's time grows with the vertices, and on the embedded
  // database it runs on the server's only thread.
  const vertices = countBoundaryVertices(input);
  if (vertices > maxBoundaryVertices) {
    throw requestIssues({
      Field: field,
      Code: 'tooManyVertices',
      Params: { count: vertices, max: maxBoundaryVertices },
    });
  }
  // GeoJSON is checked without the schema's copy of every position; text goes through the schema (trimmed).
  const parsed = isGeoJsonBoundary(input)
    ? { success: true as const, data: input }
    : boundaryInputSchema.safeParse(typeof input === 'string' ? input : null);
  if (!parsed.success) throw fail();
  let row: CheckRow | undefined;
  try {
    const result = await sqlRows<CheckRow>(
      db,
      sql`
      WITH src AS MATERIALIZED (SELECT ST_Force2D(${sourceGeometrySql(parsed.data, srid)}) AS g),
           valid AS MATERIALIZED (SELECT g AS raw, ST_Multi(ST_CollectionExtract(ST_MakeValid(g), 3)) AS g FROM src),
           checked AS MATERIALIZED (
             SELECT raw, g, ST_SRID(raw) AS srid, ST_XMin(raw) AS min_x, ST_YMin(raw) AS min_y,
                    ST_XMax(raw) AS max_x, ST_YMax(raw) AS max_y, ST_IsEmpty(g) AS empty,
                    ${withinSql(Srid.Wgs84)} OR ${withinSql(Srid.BritishNationalGrid)} AS usable
               FROM valid),
           stored AS (
             SELECT *, CASE WHEN usable AND NOT empty THEN ST_Transform(g, 4326) END AS g4326 FROM checked)
      SELECT srid, min_x, min_y, max_x, max_y, empty,
             encode(ST_AsEWKB(g4326), 'hex') AS ewkb,
             round((ST_Area(g4326::geography) / 10000)::numeric, 4)::float8 AS area
        FROM stored`,
    );
    row = result[0];
  } catch {
    throw fail();
  }
  if (!row) throw fail();
  if (row.srid !== Srid.Wgs84 && row.srid !== Srid.BritishNationalGrid) throw fail('boundarySrid');
  if (row.empty || row.ewkb === null || row.area === null) {
    if (row.min_x === null || row.empty) throw fail();
    throw fail(row.srid === Srid.Wgs84 ? 'boundaryNotLonLat' : 'boundaryOutsideGrid');
  }
  if (row.area <= 0) throw fail();
  return { ewkbHex: row.ewkb, areaHa: row.area };
}

/** SQL turning stored hex EWKB back into a geometry. */
export function geometryFromStored(boundary: StoredBoundary | null): SQL {
  return boundary ? sql`ST_GeomFromEWKB(decode(${boundary.ewkbHex}, 'hex'))` : sql`NULL`;
}

/** Decimal places of answered coordinates: about a millimetre in degrees, and millimetres on the grid. */
const answerDecimals: Record<Srid, number> = { [Srid.Wgs84]: 8, [Srid.BritishNationalGrid]: 3 };

/** SQL answering a stored 4326 geometry column as GeoJSON text in `srid`. */
export function boundaryGeoJsonSql(column: SQL, srid: Srid): SQL {
  const decimals = answerDecimals[srid];
  // Text, not json: casting makes the database check every boundary's JSON again (about two thirds of a
  // holding's boundary reading on PGlite); asMultiPolygon reads the text.
  return srid === Srid.Wgs84
    ? sql`ST_AsGeoJSON(${column}, ${decimals}::int)`
    : sql`ST_AsGeoJSON(ST_Transform(${column}, ${srid}::int), ${decimals}::int)`;
}

/** The GeoJSON text `boundaryGeoJsonSql` answered, read, or null. */
export function asMultiPolygon(value: string | null): GeoJsonMultiPolygon | null {
  return value === null ? null : (JSON.parse(value) as GeoJsonMultiPolygon);
}
