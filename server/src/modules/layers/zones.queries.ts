import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { layerZones } from '../../db/schema.ts';
import { sqlRows } from '../../db/sqlRows.ts';

// The zones of a layer: geometry read, made valid and measured by PostGIS, and the zone operations' statements.

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

/** How many zones a layer has. */
export async function zoneCount(db: Db, layerId: number): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM layer_zones WHERE layer_id = ${layerId}`,
  );
  return row?.n ?? 0;
}

/** The ids of a layer's zones. */
export async function zoneIdsOfLayer(db: Db, layerId: number): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(db, sql`SELECT id FROM layer_zones WHERE layer_id = ${layerId}`);
  return rows.map((row) => row.id);
}

/** What a zone edit may change of a zone's values; a key left undefined keeps its value. */
export type ZoneValueChanges = Partial<
  Pick<
    typeof layerZones.$inferInsert,
    | 'zoneNumber'
    | 'label'
    | 'documentId'
    | 'buffer'
    | 'style'
    | 'productRate'
    | 'value'
    | 'nutrientRate'
    | 'userDefined'
    | 'regularShape'
  >
>;

/** Writes a zone's changed values; nothing when none changed. */
export async function updateZoneValues(db: Db, zoneId: number, changes: ZoneValueChanges): Promise<void> {
  if (Object.values(changes).every((value) => value === undefined)) return;
  await db.update(layerZones).set(changes).where(eq(layerZones.id, zoneId));
}

/** The initial product rates of an application layer's zones (or of one zone). */
export function zoneInitialRates(
  db: Db,
  layerId: number,
  zoneId: number | null,
): Promise<{ id: number; initProductRate: number | null }[]> {
  const only = zoneId === null ? sql`` : sql`AND id = ${zoneId}`;
  return sqlRows<{ id: number; initProductRate: number | null }>(
    db,
    sql`SELECT id, init_product_rate AS "initProductRate" FROM layer_zones WHERE layer_id = ${layerId} ${only}`,
  );
}

/** Puts an application zone's rate back, with the nutrient it supplies, as not user-defined. */
export async function resetZoneRate(
  db: Db,
  zoneId: number,
  rate: number | null,
  nutrientRate: number | null,
): Promise<void> {
  await db.execute(sql`UPDATE layer_zones SET product_rate = ${rate}, value = ${rate},
    nutrient_rate = ${nutrientRate}, user_defined = false WHERE id = ${zoneId}`);
}

/** Puts the zones of a layer (or one zone) back to their initial values; answers the ids changed. */
export async function resetZoneValues(db: Db, layerId: number, zoneId: number | null): Promise<number[]> {
  const only = zoneId === null ? sql`` : sql`AND id = ${zoneId}`;
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`UPDATE layer_zones SET value = init_value, user_defined = false WHERE layer_id = ${layerId} ${only} RETURNING id`,
  );
  return rows.map((row) => row.id);
}
