import { sql, type SQL } from 'drizzle-orm';
import type { GeometryFormat } from '@headland/domain/api/layersApi';
import type { Db } from '../../db/database.ts';
import { croppingVisibleSql, type CroppingAccess } from '../../auth/croppingAccess.ts';
import { sqlJsonRows, sqlRows } from '../../db/sqlRows.ts';

/** A data layer row as the service reads it (JSON types: timestamps are ISO text). */
export interface LayerRow {
  id: number;
  holdingId: number;
  typeId: number;
  groupId: number;
  subtypeId: number | null;
  scope: 1 | 2 | 3;
  fieldId: number | null;
  croppingId: number | null;
  cropId: number | null;
  parentId: number | null;
  yearId: number;
  layerDate: string | null;
  name: string;
  unit: string | null;
  nutrientId: number | null;
  productId: number | null;
  rateUnitId: number | null;
  planName: string | null;
  calculated: boolean;
  inactive: boolean;
  showZoneNumbers: boolean;
  showStroke: boolean;
  ranges: unknown;
  style: unknown;
  zoneCount: number;
  pointCount: number;
  minValue: number | null;
  maxValue: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface ZoneRow {
  id: number;
  layerId: number;
  zoneNumber: number | null;
  value: number | null;
  initValue: number | null;
  label: string | null;
  documentId: number | null;
  areaHa: number;
  fieldId: number | null;
  buffer: number | null;
  userDefined: boolean;
  regularShape: unknown;
  style: unknown;
  productRate: number | null;
  nutrientRate: number | null;
  initProductRate: number | null;
  /** WKT, base64 WKB or GeoJSON coordinates, by the format asked for. */
  geometry: unknown;
}

export interface PointRow {
  id: number;
  value: number | null;
  geometry: unknown;
}

const isoUtc = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const layerColumns = sql`
  l.id, l.holding_id AS "holdingId", l.type_id AS "typeId", t.group_id AS "groupId", l.subtype_id AS "subtypeId",
  l.scope, l.field_id AS "fieldId", l.cropping_id AS "croppingId", l.crop_id AS "cropId", l.parent_id AS "parentId",
  l.year_id AS "yearId", l.layer_date::text AS "layerDate", l.name, l.unit, l.nutrient_id AS "nutrientId",
  l.product_id AS "productId", l.rate_unit_id AS "rateUnitId", l.plan_name AS "planName", l.calculated,
  l.inactive, l.show_zone_numbers AS "showZoneNumbers", l.show_stroke AS "showStroke", l.ranges, l.style,
  l.zone_count AS "zoneCount", l.point_count AS "pointCount", l.min_value AS "minValue", l.max_value AS "maxValue",
  ${isoUtc(sql`l.created_at`)} AS "createdAt", ${isoUtc(sql`l.updated_at`)} AS "updatedAt"`;

/**
 * Whether the layer `l` is visible to the caller. A restricted member sees a cropping's layer only when the
 * cropping is shared with them, and a field's layer of a year only when none of that field's croppings of that
 * year is hidden from them (its soil or yield would tell what is grown there); holding layers are seen by all.
 */
export function layerVisibleSql(access: CroppingAccess): SQL {
  if (!access.restricted) return sql`TRUE`;
  return sql`((l.cropping_id IS NULL OR ${croppingVisibleSql(access, sql`l.cropping_id`)})
    AND (l.field_id IS NULL OR NOT EXISTS (
      SELECT 1 FROM croppings c WHERE c.field_id = l.field_id AND c.year_id = l.year_id
         AND NOT (${croppingVisibleSql(access, sql`c.id`)}))))`;
}

/** The layers of a holding's crop year visible to the caller, by type, field and name. */
export function selectLayers(db: Db, access: CroppingAccess, yearId: number): Promise<LayerRow[]> {
  return sqlJsonRows<LayerRow>(
    db,
    sql`SELECT ${layerColumns} FROM data_layers l JOIN layer_types t ON t.id = l.type_id
         WHERE l.holding_id = ${access.holdingId} AND l.year_id = ${yearId} AND ${layerVisibleSql(access)}
         ORDER BY t.group_id, l.type_id, l.field_id NULLS FIRST, l.name, l.id`,
  );
}

/** One layer of the caller's holding visible to the caller; `lock` takes it FOR UPDATE (inside a transaction). */
export async function selectLayer(
  db: Db,
  access: CroppingAccess,
  id: number,
  lock = false,
): Promise<LayerRow | undefined> {
  if (lock) {
    // Zone edits of one layer take turns: each reads and rewrites the zones the others overlap.
    await db.execute(
      sql`SELECT id FROM data_layers WHERE id = ${id} AND holding_id = ${access.holdingId} FOR UPDATE`,
    );
  }
  const [row] = await sqlJsonRows<LayerRow>(
    db,
    sql`SELECT ${layerColumns} FROM data_layers l JOIN layer_types t ON t.id = l.type_id
         WHERE l.id = ${id} AND l.holding_id = ${access.holdingId} AND ${layerVisibleSql(access)}`,
  );
  return row;
}

/** The SQL of a geometry answered in `format` (binary1 reads GeoJSON coordinates and writes them as numbers). */
export function geometryAnswerSql(column: SQL, format: GeometryFormat, srid: number): SQL {
  const projected = srid === 4326 ? column : sql`ST_Transform(${column}, ${srid}::int)`;
  if (format === 'wkt') return sql`ST_AsText(${projected})`;
  if (format === 'wkb') return sql`translate(encode(ST_AsBinary(${projected}, 'NDR'), 'base64'), E'\n', '')`;
  return sql`(ST_AsGeoJSON(${projected}, 9)::json -> 'coordinates')`;
}

const zoneColumns = sql`
  z.id, z.layer_id AS "layerId", z.zone_number AS "zoneNumber", z.value, z.init_value AS "initValue", z.label,
  z.document_id AS "documentId", z.area_ha AS "areaHa", z.field_id AS "fieldId", z.buffer,
  z.user_defined AS "userDefined", z.regular_shape AS "regularShape", z.style, z.product_rate AS "productRate",
  z.nutrient_rate AS "nutrientRate", z.init_product_rate AS "initProductRate"`;

/** A layer's zones (or those of `ids`), by number and id. */
export function selectZones(
  db: Db,
  layerId: number,
  format: GeometryFormat,
  srid: number,
  ids?: readonly number[],
): Promise<ZoneRow[]> {
  const only = ids ? sql`AND z.id = ANY(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])` : sql``;
  return sqlJsonRows<ZoneRow>(
    db,
    sql`SELECT ${zoneColumns}, ${geometryAnswerSql(sql`z.geom`, format, srid)} AS geometry
          FROM layer_zones z WHERE z.layer_id = ${layerId} ${only}
         ORDER BY z.zone_number NULLS LAST, z.id`,
  );
}

export function selectPoints(
  db: Db,
  layerId: number,
  format: GeometryFormat,
  srid: number,
): Promise<PointRow[]> {
  return sqlJsonRows<PointRow>(
    db,
    sql`SELECT p.id, p.value, ${geometryAnswerSql(sql`p.geom`, format, srid)} AS geometry
          FROM layer_points p WHERE p.layer_id = ${layerId} ORDER BY p.id`,
  );
}

/** Recounts a layer's zones and points and their value range, and marks it updated. */
export async function refreshLayerStats(db: Db, layerId: number): Promise<void> {
  await db.execute(sql`
    UPDATE data_layers l SET
      zone_count = s.zones, point_count = s.points, min_value = s.lo, max_value = s.hi, updated_at = now()
      FROM (SELECT
              (SELECT count(*) FROM layer_zones WHERE layer_id = ${layerId})::int AS zones,
              (SELECT count(*) FROM layer_points WHERE layer_id = ${layerId})::int AS points,
              least((SELECT min(value) FROM layer_zones WHERE layer_id = ${layerId}),
                    (SELECT min(value) FROM layer_points WHERE layer_id = ${layerId})) AS lo,
              greatest((SELECT max(value) FROM layer_zones WHERE layer_id = ${layerId}),
                       (SELECT max(value) FROM layer_points WHERE layer_id = ${layerId})) AS hi) s
     WHERE l.id = ${layerId}`);
}

/** A field of the holding: its id and whether it exists. */
export async function fieldOfHolding(db: Db, holdingId: number, fieldId: number): Promise<boolean> {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`SELECT id FROM fields WHERE id = ${fieldId} AND holding_id = ${holdingId}`,
  );
  return rows.length > 0;
}

/** A cropping of the holding visible to the caller: its field, year and crop. */
export async function visibleCropping(
  db: Db,
  access: CroppingAccess,
  croppingId: number,
): Promise<{ fieldId: number; yearId: number; cropId: number } | undefined> {
  const [row] = await sqlRows<{ field_id: number; year_id: number; crop_id: number }>(
    db,
    sql`SELECT c.field_id, c.year_id, c.crop_id FROM croppings c
         WHERE c.id = ${croppingId} AND c.holding_id = ${access.holdingId}
           AND ${croppingVisibleSql(access, sql`c.id`)}`,
  );
  return row ? { fieldId: row.field_id, yearId: row.year_id, cropId: row.crop_id } : undefined;
}

/** Whether a field has croppings of a year hidden from the caller. */
export async function fieldYearHidden(
  db: Db,
  access: CroppingAccess,
  fieldId: number,
  yearId: number,
): Promise<boolean> {
  if (!access.restricted) return false;
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`SELECT c.id FROM croppings c WHERE c.field_id = ${fieldId} AND c.year_id = ${yearId}
           AND NOT (${croppingVisibleSql(access, sql`c.id`)}) LIMIT 1`,
  );
  return rows.length > 0;
}

/** What a prepared geometry holds: EWKB (hex) of a valid MultiPolygon in 4326, or of a line for splits. */
export interface PreparedGeometry {
  kind: string;
  vertices: number;
  ewkb: string;
  empty: boolean;
  inRange: boolean;
}

/**
 * Reads WKT in `srid`, moves it to 4326 and, for polygons, makes it valid (ST_MakeValid, keeping its polygons),
 * cleans it when drawn (`clean`: grid cleaning) and makes it valid again. Throws the database's error for text
 * that is not WKT: the caller runs it outside any transaction and turns that into a 400.
 */
export async function prepareGeometry(
  db: Db,
  wkt: string,
  srid: number,
  options: { polygon: boolean; clean: boolean; minRingM2: number; minAngleDegrees: number },
): Promise<PreparedGeometry> {
  const made = options.polygon
    ? options.clean
      ? sql`ST_Multi(ST_CollectionExtract(ST_MakeValid(layer_clean_polygons(
              ST_Multi(ST_CollectionExtract(ST_MakeValid(t.g), 3)), ${options.minRingM2}::float8, ${options.minAngleDegrees}::float8)), 3))`
      : sql`ST_Multi(ST_CollectionExtract(ST_MakeValid(t.g), 3))`
    : sql`t.g`;
  const [row] = await sqlRows<{
    kind: string;
    vertices: number;
    ewkb: string;
    empty: boolean;
    in_range: boolean;
  }>(
    db,
    sql`WITH raw AS (SELECT ST_GeomFromText(${wkt}, ${srid}::int) AS g),
             t AS (SELECT CASE WHEN ${srid}::int = 4326 THEN g ELSE ST_Transform(g, 4326) END AS g,
                          GeometryType(g) AS kind, ST_NPoints(g) AS vertices FROM raw),
             m AS (SELECT ${made} AS g, t.kind, t.vertices FROM t)
        SELECT kind, vertices, encode(ST_AsEWKB(g), 'hex') AS ewkb, ST_IsEmpty(g) AS empty,
               (ST_IsEmpty(g) OR (ST_XMin(g) >= -180 AND ST_XMax(g) <= 180 AND ST_YMin(g) >= -90 AND ST_YMax(g) <= 90)) AS in_range
          FROM m`,
  );
  return {
    kind: row!.kind,
    vertices: Number(row!.vertices),
    ewkb: row!.ewkb,
    empty: row!.empty,
    inRange: row!.in_range,
  };
}

/** A prepared geometry as an SQL value. */
export const ewkbSql = (ewkb: string) => sql`ST_GeomFromEWKB(decode(${ewkb}, 'hex'))`;

/** The values a new zone is written with. */
export interface ZoneValues {
  zoneNumber?: number | null;
  value?: number | null;
  initValue?: number | null;
  label?: string | null;
  documentId?: number | null;
  fieldId?: number | null;
  buffer?: number | null;
  userDefined?: boolean;
  regularShape?: unknown;
  style?: unknown;
  productRate?: number | null;
  nutrientRate?: number | null;
  initProductRate?: number | null;
}

const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Inserts a zone whose geometry is the SQL `geometry` (a valid MultiPolygon in 4326); answers its id. */
export async function insertZone(
  db: Db,
  layerId: number,
  values: ZoneValues,
  geometry: SQL,
): Promise<number> {
  const [row] = await sqlRows<{ id: number }>(
    db,
    sql`WITH g AS (SELECT ${geometry} AS g)
        INSERT INTO layer_zones (layer_id, zone_number, value, init_value, label, document_id, field_id, buffer,
                                 user_defined, regular_shape, style, product_rate, nutrient_rate, init_product_rate,
                                 geom, area_ha)
        SELECT ${layerId}, ${values.zoneNumber ?? null}, ${values.value ?? null}, ${values.initValue ?? null},
               ${values.label ?? null}, ${values.documentId ?? null}, ${values.fieldId ?? null}, ${values.buffer ?? null},
               ${values.userDefined ?? false}, ${jsonOrNull(values.regularShape)}::jsonb, ${jsonOrNull(values.style)}::jsonb,
               ${values.productRate ?? null}, ${values.nutrientRate ?? null}, ${values.initProductRate ?? null},
               g.g, ST_Area(g.g::geography) / 10000 FROM g
        RETURNING id`,
  );
  return row!.id;
}

/** A copy of a zone's values (not its number) with another geometry: an extra part that became a zone. */
export async function insertZoneCopy(db: Db, sourceId: number, geometry: SQL): Promise<number> {
  const [row] = await sqlRows<{ id: number }>(
    db,
    sql`WITH g AS (SELECT ${geometry} AS g)
        INSERT INTO layer_zones (layer_id, value, init_value, label, field_id, user_defined, style, product_rate,
                                 nutrient_rate, init_product_rate, geom, area_ha)
        SELECT z.layer_id, z.value, z.init_value, z.label, z.field_id, z.user_defined, z.style, z.product_rate,
               z.nutrient_rate, z.init_product_rate, g.g, ST_Area(g.g::geography) / 10000
          FROM layer_zones z, g WHERE z.id = ${sourceId}
        RETURNING id`,
  );
  return row!.id;
}

export async function updateZoneGeometry(db: Db, zoneId: number, geometry: SQL): Promise<void> {
  await db.execute(sql`
    WITH g AS (SELECT ${geometry} AS g)
    UPDATE layer_zones z SET geom = g.g, area_ha = ST_Area(g.g::geography) / 10000 FROM g WHERE z.id = ${zoneId}`);
}

export async function deleteZones(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`DELETE FROM layer_zones WHERE id = ANY(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`,
  );
}

/** A polygon part of a geometry: its EWKB, area in m² and validity. */
export interface GeometryPart {
  ewkb: string;
  squareMetres: number;
  valid: boolean;
}

/**
 * What is left of each zone of the layer that `cutter` overlaps (interiors meet; not `except`), part by part:
 * zones with no part left come with an empty list.
 */
export async function zonesLessGeometry(
  db: Db,
  layerId: number,
  cutter: SQL,
  except: number | null,
): Promise<Map<number, GeometryPart[]>> {
  const rows = await sqlRows<{ id: number; ewkb: string | null; m2: number | null; valid: boolean | null }>(
    db,
    sql`WITH n AS (SELECT ${cutter} AS g),
             hit AS (SELECT z.id, ST_CollectionExtract(ST_MakeValid(ST_Difference(z.geom, n.g)), 3) AS rest
                       FROM layer_zones z, n
                      WHERE z.layer_id = ${layerId} AND z.id <> ${except ?? 0}
                        AND z.geom && n.g AND ST_Relate(z.geom, n.g, '2********'))
        SELECT hit.id, encode(ST_AsEWKB(ST_Multi(d.geom)), 'hex') AS ewkb,
               ST_Area(d.geom::geography) AS m2, ST_IsValid(d.geom) AS valid
          FROM hit LEFT JOIN LATERAL ST_Dump(hit.rest) d ON true
         ORDER BY hit.id, m2 DESC NULLS LAST`,
  );
  const result = new Map<number, GeometryPart[]>();
  for (const row of rows) {
    const parts = result.get(row.id) ?? [];
    if (row.ewkb !== null)
      parts.push({ ewkb: row.ewkb, squareMetres: Number(row.m2), valid: row.valid === true });
    result.set(row.id, parts);
  }
  return result;
}

/** The parts of a zone split by a line, largest first. */
export async function splitParts(db: Db, zoneId: number, line: SQL): Promise<GeometryPart[]> {
  const rows = await sqlRows<{ ewkb: string; m2: number; valid: boolean }>(
    db,
    sql`SELECT encode(ST_AsEWKB(ST_Multi(d.geom)), 'hex') AS ewkb, ST_Area(d.geom::geography) AS m2,
               ST_IsValid(d.geom) AS valid
          FROM layer_zones z, ST_Dump(ST_CollectionExtract(ST_Split(z.geom, ${line}), 3)) d
         WHERE z.id = ${zoneId}
         ORDER BY m2 DESC`,
  );
  return rows.map((row) => ({ ewkb: row.ewkb, squareMetres: Number(row.m2), valid: row.valid }));
}

/** The union of zones for a merge: valid inputs, the union's polygon count, and the buffered retry. */
export async function mergeUnion(
  db: Db,
  layerId: number,
  ids: readonly number[],
  bufferMetres: number,
): Promise<{
  found: number;
  allValid: boolean;
  parts: number;
  ewkb: string | null;
  retryParts: number;
  retryEwkb: string | null;
}> {
  const [row] = await sqlRows<{
    found: number;
    all_valid: boolean;
    parts: number;
    ewkb: string | null;
    retry_parts: number;
    retry_ewkb: string | null;
  }>(
    db,
    sql`WITH z AS (SELECT geom FROM layer_zones WHERE layer_id = ${layerId}
                    AND id = ANY(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])),
             u AS (SELECT count(*)::int AS found, bool_and(ST_IsValid(geom)) AS all_valid,
                          ST_CollectionExtract(ST_Union(geom), 3) AS g FROM z),
             r AS (SELECT u.*, CASE WHEN ST_NumGeometries(u.g) > 1 THEN
                     ST_CollectionExtract(ST_MakeValid(ST_Buffer(u.g::geography, ${bufferMetres}::float8, 'join=mitre')::geometry), 3)
                   END AS retry FROM u)
        SELECT found, coalesce(all_valid, false) AS all_valid, coalesce(ST_NumGeometries(g), 0) AS parts,
               encode(ST_AsEWKB(ST_Multi(g)), 'hex') AS ewkb,
               coalesce(ST_NumGeometries(retry), 0) AS retry_parts,
               encode(ST_AsEWKB(ST_Multi(retry)), 'hex') AS retry_ewkb
          FROM r`,
  );
  return {
    found: row!.found,
    allValid: row!.all_valid,
    parts: Number(row!.parts),
    ewkb: row!.ewkb,
    retryParts: Number(row!.retry_parts),
    retryEwkb: row!.retry_ewkb,
  };
}

/**
 * One zone per sample point of a layer: the points' Voronoi cells cut to the field's boundary (or to the
 * points' surroundings when the field has none); cells under 0.1 m² are left out.
 */
export function voronoiCells(
  db: Db,
  layerId: number,
  fieldId: number | null,
): Promise<{ value: number | null; ewkb: string }[]> {
  return sqlRows<{ value: number | null; ewkb: string }>(
    db,
    sql`WITH pts AS (SELECT value, geom FROM layer_points WHERE layer_id = ${layerId}),
             area AS (SELECT coalesce((SELECT boundary FROM fields WHERE id = ${fieldId ?? 0}),
                                      (SELECT ST_Expand(ST_Envelope(ST_Collect(geom)), 0.001) FROM pts)) AS g),
             cells AS (SELECT (ST_Dump(ST_VoronoiPolygons(ST_Collect(geom), 0, (SELECT g FROM area)))).geom AS cell FROM pts),
             cut AS (SELECT p.value, ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Intersection(c.cell, a.g)), 3)) AS g
                       FROM cells c JOIN pts p ON ST_Covers(c.cell, p.geom), area a)
        SELECT value, encode(ST_AsEWKB(g), 'hex') AS ewkb FROM cut
         WHERE NOT ST_IsEmpty(g) AND ST_Area(g::geography) >= 0.1`,
  );
}
