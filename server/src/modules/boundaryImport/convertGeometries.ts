import { sql } from 'drizzle-orm';
import { Srid, type GeoJsonMultiPolygon } from '@headland/domain/api/fieldsApi';
import type { Db } from '../../db/database.ts';
import type { PolygonCoordinates } from './importedLayer.ts';
import { sqlRows } from '../session/sqlRows.ts';

export type ConvertedGeometry =
  | { ok: true; ewkbHex: string; geometry: GeoJsonMultiPolygon; areaHa: number }
  | { ok: false; reason: string };

interface ConvertedRow extends Record<string, unknown> {
  position: number;
  ewkb: string | null;
  geometry: unknown;
  area: number | null;
  in_range: boolean;
}

export const notAPolygonReason = 'The geometry is not a valid polygon.';

function outOfRangeReason(srid: Srid): string {
  return srid === Srid.Wgs84
    ? 'The coordinates are not longitudes and latitudes (EPSG:4326).'
    : 'The coordinates are outside the British National Grid (EPSG:27700).';
}

/**
 * Makes each feature's polygons valid, converts them to a 4326 MultiPolygon and measures them, all in one
 * statement. PostGIS fails a whole statement on one unreadable geometry, so when that happens each is converted
 * on its own to tell the bad ones from the good.
 */
export async function convertGeometries(
  db: Db,
  polygonsList: readonly PolygonCoordinates[][],
  srid: Srid,
): Promise<ConvertedGeometry[]> {
  if (polygonsList.length === 0) return [];
  const texts = polygonsList.map((polygons) =>
    JSON.stringify({ type: 'MultiPolygon', coordinates: polygons }),
  );
  try {
    return await convertBatch(db, texts, srid);
  } catch {
    const results: ConvertedGeometry[] = [];
    for (const text of texts) {
      try {
        results.push((await convertBatch(db, [text], srid))[0]!);
      } catch {
        results.push({ ok: false, reason: notAPolygonReason });
      }
    }
    return results;
  }
}

async function convertBatch(db: Db, texts: readonly string[], srid: Srid): Promise<ConvertedGeometry[]> {
  const range =
    srid === Srid.Wgs84
      ? sql`ST_XMin(src) >= -180 AND ST_XMax(src) <= 180 AND ST_YMin(src) >= -90 AND ST_YMax(src) <= 90`
      : sql`ST_XMin(src) >= -100000 AND ST_XMax(src) <= 800000 AND ST_YMin(src) >= -100000 AND ST_YMax(src) <= 1400000`;
  const result = await sqlRows<ConvertedRow>(
    db,
    sql`
    WITH input AS (
      SELECT (t.ord - 1)::int AS position,
             ST_SetSRID(ST_Force2D(ST_GeomFromGeoJSON(t.value)), ${srid}::int) AS src
        FROM jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) WITH ORDINALITY AS t(value, ord)),
    checked AS (
      SELECT position, ${range} AS in_range,
             ST_Multi(ST_CollectionExtract(ST_MakeValid(src), 3)) AS valid
        FROM input),
    converted AS (
      SELECT position, in_range,
             CASE WHEN in_range AND NOT ST_IsEmpty(valid) THEN ST_Transform(valid, 4326) END AS g
        FROM checked)
    SELECT position, in_range, encode(ST_AsEWKB(g), 'hex') AS ewkb, ST_AsGeoJSON(g, 8)::json AS geometry,
           round((ST_Area(g::geography) / 10000)::numeric, 4)::float8 AS area
      FROM converted
     ORDER BY position`,
  );
  return result.map((row): ConvertedGeometry => {
    if (!row.in_range) return { ok: false, reason: outOfRangeReason(srid) };
    if (row.ewkb === null || row.area === null || row.area <= 0)
      return { ok: false, reason: notAPolygonReason };
    const geometry = (
      typeof row.geometry === 'string' ? JSON.parse(row.geometry) : row.geometry
    ) as GeoJsonMultiPolygon;
    return { ok: true, ewkbHex: row.ewkb, geometry, areaHa: row.area };
  });
}
