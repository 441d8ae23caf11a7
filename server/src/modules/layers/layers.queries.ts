import { eq, sql, type SQL } from 'drizzle-orm';
import type { GeometryFormat } from '@headland/domain/api/layersApi';
import type { Db } from '../../db/database.ts';
import { dataLayers } from '../../db/schema.ts';
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
  recommendationMethod: string | null;
  recommendation: unknown;
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
  l.recommendation_method AS "recommendationMethod", l.recommendation,
  ${isoUtc(sql`l.created_at`)} AS "createdAt", ${isoUtc(sql`l.updated_at`)} AS "updatedAt"`;

/**
 * Whether the layer `l` is visible to the caller. A restricted member sees a cropping's layer only when the
 * cropping is shared with them, and a field's layer of a year only when none of that field's croppings of that
 * year is hidden from them (its soil or yield would tell what is grown there); holding layers are seen by all.
 */
export function layerVisibleSql(access: CroppingAccess): SQL {
  // A partner user sees the layers of the croppings shared with their partner, and no field or holding layer.
  if (access.partnerId)
    return sql`(l.cropping_id IS NOT NULL AND ${croppingVisibleSql(access, sql`l.cropping_id`)})`;
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

/** The documents among `ids` that are in the holding's library. */
export async function documentsOfHolding(
  db: Db,
  holdingId: number,
  ids: readonly number[],
): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`SELECT id FROM import_documents WHERE holding_id = ${holdingId}
           AND id = ANY(${`{${ids.join(',')}}`}::int[])`,
  );
  return rows.map((row) => row.id);
}

/** The columns a new layer is written with; those left out take the table's defaults. */
export type NewLayer = Omit<typeof dataLayers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Inserts a layer and answers its id. */
export async function insertLayer(db: Db, layer: NewLayer): Promise<number> {
  const [row] = await db.insert(dataLayers).values(layer).returning({ id: dataLayers.id });
  return row!.id;
}

/** What an edit may change of a layer; a key left undefined keeps its value. */
export type LayerChanges = Partial<
  Pick<
    typeof dataLayers.$inferInsert,
    | 'name'
    | 'unit'
    | 'layerDate'
    | 'inactive'
    | 'showZoneNumbers'
    | 'showStroke'
    | 'ranges'
    | 'style'
    | 'planName'
  >
>;

/** Writes a layer's changes and marks it updated. */
export async function updateLayer(db: Db, id: number, changes: LayerChanges): Promise<void> {
  await db
    .update(dataLayers)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(dataLayers.id, id));
}

/** Deletes a layer; its zones and points go with it. */
export async function deleteLayerRow(db: Db, id: number): Promise<void> {
  await db.delete(dataLayers).where(eq(dataLayers.id, id));
}
