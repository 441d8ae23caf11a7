import { sql, type SQL } from 'drizzle-orm';
import type { Srid } from '@headland/domain/api/fieldsApi';
import type { FieldAreaType } from '@headland/domain/crops';
import type { Db } from '../../db/database.ts';
import { boundaryGeoJsonSql, geometryFromStored, type StoredBoundary } from '../../db/boundaryGeometry.ts';
import type { CroppingDraft } from '@headland/domain/cropping';
import { croppingVisibleSql, type CroppingAccess } from '../../auth/croppingAccess.ts';
import { croppingColumnsSelectSql, croppingWriteValues } from './croppingColumns.ts';
import { sqlJsonRows, sqlRows } from '../../db/sqlRows.ts';

/** A cropping as stored, joined with what the answers need of its field and variety. */
export interface CroppingRow extends Record<string, unknown> {
  id: number;
  field_id: number;
  field_name: string;
  field_group: string | null;
  field_area_type: FieldAreaType;
  field_boundary_area: number | null;
  field_working_area: number | null;
  field_whole_area: number | null;
  field_manure_spread_area: number | null;
  year_id: number;
  plot_id: string | null;
  batch_id: string | null;
  sowing_date: string | null;
  harvest_date: string | null;
  destruction_date: string | null;
  destroyed: boolean;
  crop_id: number;
  crop_name: string | null;
  crop_descr: string | null;
  variety_id: number | null;
  variety_name: string | null;
  market: string | null;
  area: number | null;
  manure_spread_area: number | null;
  management_options: { Code: string; Area: number }[];
  attributes: Record<string, unknown>;
  /** GeoJSON text (boundaryGeoJsonSql), or null when there is none or none was asked for. */
  boundary: string | null;
  boundary_area: number | null;
  version: number;
}

export interface CroppingFilter {
  holdingId: number;
  access: CroppingAccess;
  /** Answer boundaries in this system; omit to skip boundaries (rule checks need none). */
  srid?: Srid;
  /** Answer boundaries (and their areas) only for croppings of these years; the others get null. */
  boundaryYearIds?: readonly number[];
  yearIds?: readonly number[];
  fieldIds?: readonly number[];
  croppingIds?: readonly number[];
}

const intArray = (values: readonly number[]) =>
  sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`;

/** The visible croppings matching `filter`, ordered by field name, year and sowing date. */
export async function selectCroppingRows(db: Db, filter: CroppingFilter): Promise<CroppingRow[]> {
  const conditions: SQL[] = [
    sql`c.holding_id = ${filter.holdingId}`,
    croppingVisibleSql(filter.access, sql`c.id`),
  ];
  if (filter.yearIds) conditions.push(sql`c.year_id = ANY(${intArray(filter.yearIds)})`);
  if (filter.fieldIds) conditions.push(sql`c.field_id = ANY(${intArray(filter.fieldIds)})`);
  if (filter.croppingIds) conditions.push(sql`c.id = ANY(${intArray(filter.croppingIds)})`);
  const boundaryColumn = filter.boundaryYearIds
    ? sql`CASE WHEN c.year_id = ANY(${intArray(filter.boundaryYearIds)}) THEN c.boundary END`
    : sql`c.boundary`;
  const boundary = filter.srid ? boundaryGeoJsonSql(boundaryColumn, filter.srid) : sql`NULL`;
  return sqlJsonRows<CroppingRow>(
    db,
    sql`
    SELECT c.id, f.name AS field_name, f.field_group, f.area_type AS field_area_type,
           f.boundary_area::float8 AS field_boundary_area, f.working_area::float8 AS field_working_area,
           f.whole_area::float8 AS field_whole_area, f.manure_spread_area::float8 AS field_manure_spread_area,
           ${croppingColumnsSelectSql()}, c.attributes,
           ${boundary} AS boundary,
           round((ST_Area((${boundaryColumn})::geography) / 10000)::numeric, 4)::float8 AS boundary_area,
           c.version
      FROM croppings c
      JOIN fields f ON f.id = c.field_id
      LEFT JOIN varieties v ON v.id = c.variety_id
     WHERE ${sql.join(conditions, sql` AND `)}
     ORDER BY lower(f.name), c.field_id, c.year_id, c.sowing_date NULLS FIRST, c.id`,
  );
}

/** What a cropping write stores: the draft, and its boundary (undefined keeps the stored one, updates only). */
export interface CroppingValues {
  draft: CroppingDraft;
  boundary: StoredBoundary | null | undefined;
}

export async function insertCroppingRow(db: Db, holdingId: number, values: CroppingValues): Promise<number> {
  const written = croppingWriteValues(values.draft);
  const columns = sql.raw(written.map(([column]) => column).join(', '));
  const result = await sqlRows<{ id: number }>(
    db,
    sql`
    INSERT INTO croppings (holding_id, boundary, ${columns})
    VALUES (${holdingId}, ${geometryFromStored(values.boundary ?? null)},
            ${sql.join(
              written.map(([, value]) => value),
              sql`, `,
            )})
    RETURNING id`,
  );
  return result[0]!.id;
}

/**
 * Sets a cropping's area to `area` and, when it and `taken` both have a boundary, takes `taken` out of its
 * boundary (polygons only; an empty result leaves no boundary).
 */
export async function shrinkCroppingRow(
  db: Db,
  croppingId: number,
  area: number,
  taken: StoredBoundary | null,
): Promise<void> {
  // Widened by 5 cm, so that edges the two share up to rounding leave no hairline slivers behind.
  const widened = taken ? sql`ST_Buffer(${geometryFromStored(taken)}::geography, 0.05)::geometry` : sql`NULL`;
  const boundary = taken
    ? sql`(SELECT CASE WHEN ST_IsEmpty(d.g) THEN NULL ELSE d.g END
             FROM (SELECT ST_Multi(ST_CollectionExtract(
                            ST_Difference(croppings.boundary, ${widened}), 3)) AS g) d)`
    : sql`boundary`;
  await db.execute(sql`
    UPDATE croppings SET area = ${area}, boundary = ${boundary}, updated_at = now() WHERE id = ${croppingId}`);
}

export async function updateCroppingRow(db: Db, croppingId: number, values: CroppingValues): Promise<void> {
  const assignments = croppingWriteValues(values.draft).map(
    ([column, value]) => sql`${sql.raw(column)} = ${value}`,
  );
  if (values.boundary !== undefined) assignments.push(sql`boundary = ${geometryFromStored(values.boundary)}`);
  await db.execute(sql`
    UPDATE croppings SET ${sql.join(assignments, sql`, `)}, updated_at = now() WHERE id = ${croppingId}`);
}

export async function deleteCroppingRow(db: Db, croppingId: number): Promise<void> {
  await db.execute(sql`DELETE FROM croppings WHERE id = ${croppingId}`);
}

export async function selectVariety(db: Db, varietyId: number): Promise<{ crop_id: number } | undefined> {
  const result = await sqlRows<{ crop_id: number }>(
    db,
    sql`SELECT crop_id FROM varieties WHERE id = ${varietyId}`,
  );
  return result[0];
}

/** The holding's crop-management options switch: on unless the holding turns it off. */
export async function holdingCropManagementOptionsEnabled(db: Db, holdingId: number): Promise<boolean> {
  const holding = await selectHoldingRules(db, holdingId);
  return holding.features?.cropManagementOptions !== false;
}

/** What of the holding decides the crop attribute rules: its region and its feature switches. */
export async function selectHoldingRules(
  db: Db,
  holdingId: number,
): Promise<{ region_id: number | null; features: Record<string, boolean> | null }> {
  const result = await sqlRows<{ region_id: number | null; features: Record<string, boolean> | null }>(
    db,
    sql`
    SELECT region_id, features FROM holdings WHERE id = ${holdingId}`,
  );
  return result[0] ?? { region_id: null, features: null };
}

/**
 * Keeps every cropping of a field inside it after the field changed: a cropping boundary reaching outside the
 * field's boundary is cut to it (PostGIS intersection; nothing left means no boundary), its area becomes no
 * more than what is left, and no cropping's area stays above `fieldAreaHa`. Runs in the field's transaction.
 */
export async function keepCroppingsInsideField(db: Db, fieldId: number, fieldAreaHa: number): Promise<void> {
  await db.execute(sql`
    UPDATE croppings c
       SET boundary = k.clipped,
           area = CASE WHEN k.clipped IS NULL OR c.area IS NULL THEN c.area
                       ELSE least(c.area, round((ST_Area(k.clipped::geography) / 10000)::numeric, 2)) END,
           updated_at = now()
      FROM (SELECT c2.id,
                   (SELECT CASE WHEN ST_IsEmpty(i.g) THEN NULL ELSE i.g END
                      FROM (SELECT ST_Multi(ST_CollectionExtract(ST_Intersection(c2.boundary, f.boundary), 3)) AS g) i
                   ) AS clipped
              FROM croppings c2 JOIN fields f ON f.id = c2.field_id
             WHERE c2.field_id = ${fieldId} AND c2.boundary IS NOT NULL AND f.boundary IS NOT NULL
               AND NOT ST_CoveredBy(c2.boundary, f.boundary)) k
     WHERE c.id = k.id`);
  await db.execute(sql`
    UPDATE croppings SET area = ${fieldAreaHa}, updated_at = now()
     WHERE field_id = ${fieldId} AND round(area, 2) > ${fieldAreaHa}`);
}
