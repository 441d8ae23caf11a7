import { sql, type SQL } from 'drizzle-orm';
import type { Srid } from '@headland/domain/api/fieldsApi';
import type { FieldAreaType } from '@headland/domain/crops';
import type { Db } from '../../db/database.ts';
import { boundaryGeoJsonSql, geometryFromStored, type StoredBoundary } from '../../db/boundaryGeometry.ts';
import { sqlJsonRows, sqlRows } from '../../db/sqlRows.ts';
import { fieldVisibleSql, type CroppingAccess } from '../../auth/croppingAccess.ts';

export interface FieldRow extends Record<string, unknown> {
  id: number;
  name: string;
  field_number: string | null;
  field_group: string | null;
  /** GeoJSON text (boundaryGeoJsonSql), or null when there is none or none was asked for. */
  boundary: string | null;
  area_type: FieldAreaType;
  boundary_area: number | null;
  working_area: number | null;
  whole_area: number | null;
  manure_spread_area: number | null;
  ignore_boundary: boolean;
  version: number;
  years: { YearId: number; Disabled: boolean }[];
}

/** The holding's fields (or one of them), by name; `srid` null leaves boundaries out. */
export async function selectFieldRows(
  db: Db,
  holdingId: number,
  options: { fieldId?: number; srid: Srid | null; access?: CroppingAccess },
): Promise<FieldRow[]> {
  const conditions: SQL[] = [sql`f.holding_id = ${holdingId}`];
  if (options.access) conditions.push(fieldVisibleSql(options.access, sql`f.id`));
  const yearConditions: SQL[] = [sql`yf.holding_id = ${holdingId}`];
  if (options.fieldId !== undefined) {
    conditions.push(sql`f.id = ${options.fieldId}`);
    yearConditions.push(sql`yf.id = ${options.fieldId}`);
  }
  const boundary = options.srid ? boundaryGeoJsonSql(sql`f.boundary`, options.srid) : sql`NULL`;
  return sqlJsonRows<FieldRow>(
    db,
    sql`
    SELECT f.id, f.name, f.field_number, f.field_group, ${boundary} AS boundary, f.area_type,
           f.boundary_area::float8 AS boundary_area, f.working_area::float8 AS working_area,
           f.whole_area::float8 AS whole_area, f.manure_spread_area::float8 AS manure_spread_area,
           f.ignore_boundary, f.version,
           coalesce(y.years, '[]'::json) AS years
      FROM fields f
      -- One grouped pass over the holding's field years: a subquery per field costs twice as much.
      LEFT JOIN (SELECT fy.field_id,
                        json_agg(json_build_object('YearId', fy.year_id, 'Disabled', fy.disabled)
                                 ORDER BY fy.year_id) AS years
                   FROM field_years fy JOIN fields yf ON yf.id = fy.field_id
                  WHERE ${sql.join(yearConditions, sql` AND `)}
                  GROUP BY fy.field_id) y ON y.field_id = f.id
     WHERE ${sql.join(conditions, sql` AND `)}
     ORDER BY lower(f.name), f.id`,
  );
}

/** Names of the holding's fields, other than `exceptFieldId`, for the unique-name rule. */
export async function selectFieldNames(db: Db, holdingId: number, exceptFieldId?: number): Promise<string[]> {
  const result = await sqlRows<{ name: string }>(
    db,
    sql`
    SELECT name FROM fields WHERE holding_id = ${holdingId} AND id <> ${exceptFieldId ?? 0}`,
  );
  return result.map((row) => row.name);
}

/** Holds the holding's row until the transaction ends, so that two writers never pick the same field name. */
export async function lockHoldingFields(db: Db, holdingId: number): Promise<void> {
  await db.execute(sql`SELECT 1 FROM holdings WHERE id = ${holdingId} FOR UPDATE`);
}

/**
 * Locks the given fields of the holding, in id order, until the transaction ends: every write of a field or of
 * its croppings takes this lock first, so that the rules it checks still hold when it commits.
 */
export async function lockFields(db: Db, holdingId: number, fieldIds: readonly number[]): Promise<void> {
  const ids = [...new Set(fieldIds.map((id) => Math.trunc(id)))];
  if (ids.length === 0) return;
  await db.execute(sql`
    SELECT id FROM fields WHERE holding_id = ${holdingId} AND id = ANY(${`{${ids.join(',')}}`}::int[])
     ORDER BY id FOR UPDATE`);
}

export async function selectHoldingYears(db: Db, holdingId: number): Promise<number[]> {
  const result = await sqlRows<{ year_id: number }>(
    db,
    sql`
    SELECT year_id FROM holding_crop_years WHERE holding_id = ${holdingId} ORDER BY year_id`,
  );
  return result.map((row) => row.year_id);
}

export interface FieldValues {
  name: string;
  fieldNumber: string | null;
  fieldGroup: string | null;
  /** undefined keeps the stored boundary (updates only); null clears it. */
  boundary: StoredBoundary | null | undefined;
  areaType: FieldAreaType;
  workingArea: number | null;
  wholeArea: number | null;
  manureSpreadArea: number | null;
  ignoreBoundary: boolean;
}

export async function insertField(db: Db, holdingId: number, values: FieldValues): Promise<number> {
  const boundary = values.boundary ?? null;
  const result = await sqlRows<{ id: number }>(
    db,
    sql`
    INSERT INTO fields (holding_id, name, field_number, field_group, boundary, area_type, boundary_area,
                        working_area, whole_area, manure_spread_area, ignore_boundary, nvz)
    VALUES (${holdingId}, ${values.name}, ${values.fieldNumber}, ${values.fieldGroup}, ${geometryFromStored(boundary)},
            ${values.areaType}, ${boundary?.areaHa ?? null}, ${values.workingArea}, ${values.wholeArea},
            ${values.manureSpreadArea}, ${values.ignoreBoundary},
            -- A new field lies in the holding's nitrate vulnerable zone unless changed later.
            (SELECT nvz FROM holdings WHERE id = ${holdingId}))
    RETURNING id`,
  );
  return result[0]!.id;
}

export async function updateFieldRow(db: Db, fieldId: number, values: FieldValues): Promise<void> {
  const boundarySet =
    values.boundary === undefined
      ? sql``
      : sql`, boundary = ${geometryFromStored(values.boundary)}, boundary_area = ${values.boundary?.areaHa ?? null}`;
  await db.execute(sql`
    UPDATE fields
       SET name = ${values.name}, field_number = ${values.fieldNumber}, field_group = ${values.fieldGroup},
           area_type = ${values.areaType}, working_area = ${values.workingArea}, whole_area = ${values.wholeArea},
           manure_spread_area = ${values.manureSpreadArea}, ignore_boundary = ${values.ignoreBoundary},
           updated_at = now() ${boundarySet}
     WHERE id = ${fieldId}`);
}

/** Writes the given years' flags, leaving the field's other years as they are. */
export async function upsertFieldYears(
  db: Db,
  fieldId: number,
  years: readonly { YearId: number; Disabled: boolean }[],
): Promise<void> {
  if (years.length === 0) return;
  const rows = sql.join(
    years.map((year) => sql`(${fieldId}, ${year.YearId}, ${year.Disabled})`),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO field_years (field_id, year_id, disabled) VALUES ${rows}
    ON CONFLICT (field_id, year_id) DO UPDATE SET disabled = excluded.disabled`);
}

export async function deleteFieldRow(db: Db, fieldId: number): Promise<void> {
  await db.execute(sql`DELETE FROM fields WHERE id = ${fieldId}`);
}

/** Who last changed the field, for the refusal of a save laid over an older version. */
export const fieldAuthorSql = (id: number) => sql`SELECT changed_by FROM fields WHERE id = ${id}`;
