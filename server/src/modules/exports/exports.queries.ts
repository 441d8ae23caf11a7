import { sql, type SQL } from 'drizzle-orm';
import { croppingVisibleSql, type CroppingAccess } from '../../auth/croppingAccess.ts';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import type { ExportGeometry } from './exportDataset.ts';

/** The rows of `query` as one JSON array text, in the query's order: parsed later, off the request thread. */
async function jsonArrayText(db: Db, query: SQL): Promise<string> {
  const [result] = await sqlRows<{ rows: string }>(
    db,
    sql`SELECT coalesce(json_agg(q), '[]'::json)::text AS rows FROM (${query}) q`,
  );
  return result?.rows ?? '[]';
}

/**
 * What the exports read, with geometry as PostGIS writes it: GeoJSON in WGS 84 with outer rings anticlockwise
 * (ST_ForcePolygonCCW) and every polygon a MultiPolygon, and areas in hectares on the spheroid.
 */

const geoJson = (column: SQL) => sql`(ST_AsGeoJSON(ST_ForcePolygonCCW(ST_Multi(${column})), 9)::json)`;
const hectares = (column: SQL) => sql`(ST_Area(${column}::geography) / 10000)::float8`;

export interface FieldCroppingRow {
  fieldId: number;
  name: string;
  fieldNumber: string | null;
  croppingId: number | null;
  crop: string | null;
  variety: string | null;
  startDate: string | null;
  endDate: string | null;
  sowingDate: string | null;
  harvestDate: string | null;
  croppedHa: number | null;
  areaHa: number;
  geometry: ExportGeometry;
}

/**
 * A restricted member's year of a field is hidden when any of that year's croppings on it is: the field's
 * outline then tells what is grown where (the same rule as the field's layers, layers.queries.ts).
 */
function fieldYearVisibleSql(access: CroppingAccess, yearId: number): SQL {
  if (!access.restricted) return sql`TRUE`;
  return sql`NOT EXISTS (SELECT 1 FROM croppings h WHERE h.field_id = f.id AND h.year_id = ${yearId}
                           AND NOT (${croppingVisibleSql(access, sql`h.id`)}))`;
}

const fieldsWhere = (access: CroppingAccess, yearId: number) => sql`
  f.holding_id = ${access.holdingId} AND f.boundary IS NOT NULL AND NOT ST_IsEmpty(f.boundary)
  AND NOT EXISTS (SELECT 1 FROM field_years fy WHERE fy.field_id = f.id AND fy.year_id = ${yearId} AND fy.disabled)
  AND ${fieldYearVisibleSql(access, yearId)}`;

/** How many features a fields export of the year writes: one per cropping, one per field without any. */
export async function countFieldCroppings(db: Db, access: CroppingAccess, yearId: number): Promise<number> {
  const [row] = await sqlRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM fields f
          LEFT JOIN croppings c ON c.field_id = f.id AND c.year_id = ${yearId}
         WHERE ${fieldsWhere(access, yearId)}`,
  );
  return row?.count ?? 0;
}

/**
 * The year's fields with a boundary (rows of FieldCroppingRow as JSON text), each with its croppings of the year: one row per cropping, drawn with the
 * cropping's own boundary when it has one, and one row for a field without a cropping that year.
 */
export function selectFieldCroppings(db: Db, access: CroppingAccess, yearId: number): Promise<string> {
  const shape = sql`coalesce(c.boundary, f.boundary)`;
  return jsonArrayText(
    db,
    sql`SELECT f.id AS "fieldId", f.name, f.field_number AS "fieldNumber", c.id AS "croppingId",
               coalesce(nullif(c.crop_name, ''), cr.name) AS crop,
               coalesce(nullif(c.variety_name, ''), v.name) AS variety,
               c.start_date::text AS "startDate", c.end_date::text AS "endDate",
               c.sowing_date::text AS "sowingDate", c.harvest_date::text AS "harvestDate",
               c.area::float8 AS "croppedHa", ${hectares(shape)} AS "areaHa", ${geoJson(shape)} AS geometry
          FROM fields f
          LEFT JOIN croppings c ON c.field_id = f.id AND c.year_id = ${yearId}
          LEFT JOIN crops cr ON cr.id = c.crop_id
          LEFT JOIN varieties v ON v.id = c.variety_id
         WHERE ${fieldsWhere(access, yearId)}
         ORDER BY lower(f.name), f.id, c.start_date NULLS FIRST, c.id`,
  );
}

export interface ZoneExportRow {
  zoneNumber: number | null;
  value: number | null;
  label: string | null;
  areaHa: number;
  productRate: number | null;
  nutrientRate: number | null;
  fieldName: string | null;
  geometry: ExportGeometry;
}

export interface PointExportRow {
  value: number | null;
  geometry: ExportGeometry;
}

/** A layer's zones, by number; each zone's area measured again by PostGIS. */
export function selectLayerZones(db: Db, layerId: number): Promise<string> {
  return jsonArrayText(
    db,
    sql`SELECT z.zone_number AS "zoneNumber", z.value, z.label, ${hectares(sql`z.geom`)} AS "areaHa",
               z.product_rate AS "productRate", z.nutrient_rate AS "nutrientRate", f.name AS "fieldName",
               ${geoJson(sql`z.geom`)} AS geometry
          FROM layer_zones z LEFT JOIN fields f ON f.id = z.field_id
         WHERE z.layer_id = ${layerId}
         ORDER BY z.zone_number NULLS LAST, z.id`,
  );
}

export function selectLayerPoints(db: Db, layerId: number): Promise<string> {
  return jsonArrayText(
    db,
    sql`SELECT p.value, ST_AsGeoJSON(p.geom, 9)::json AS geometry
          FROM layer_points p WHERE p.layer_id = ${layerId} ORDER BY p.id`,
  );
}

/** The holding's trading name, which the file names start with. */
export async function holdingName(db: Db, holdingId: number): Promise<string> {
  const [row] = await sqlRows<{ name: string }>(
    db,
    sql`SELECT trading_name AS name FROM holdings WHERE id = ${holdingId}`,
  );
  return row?.name ?? 'holding';
}
