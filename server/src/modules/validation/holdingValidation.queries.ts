import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { croppingVisibleSql, type CroppingAccess } from '../../auth/croppingAccess.ts';
import { sqlRows } from '../../db/sqlRows.ts';

/**
 * Overlaps and overhangs smaller than this are digitising slivers, not errors: below it an area shows as 0.00 ha.
 */
export const overlapToleranceSquareMetres = 50;

/** Fields of the holding that take part in `yearId` and whose boundary counts. */
const activeFieldSql = (alias: SQL, yearId: number) => sql`
  ${alias}.boundary IS NOT NULL AND NOT ${alias}.ignore_boundary
  AND NOT EXISTS (SELECT 1 FROM field_years fy WHERE fy.field_id = ${alias}.id AND fy.year_id = ${yearId} AND fy.disabled)`;

/** Pairs of fields (each pair once, lower id first) whose boundaries share more than the tolerance. */
export async function selectOverlappingFields(db: Db, holdingId: number, yearId: number) {
  const result = await sqlRows<{ field_id: number; other_id: number }>(
    db,
    sql`
    SELECT a.id AS field_id, b.id AS other_id
      FROM fields a
      JOIN fields b ON b.holding_id = a.holding_id AND a.id < b.id AND a.boundary && b.boundary
     WHERE a.holding_id = ${holdingId}
       AND ${activeFieldSql(sql`a`, yearId)} AND ${activeFieldSql(sql`b`, yearId)}
       AND ST_Intersects(a.boundary, b.boundary) AND NOT ST_Touches(a.boundary, b.boundary)
       AND ST_Area(ST_Intersection(a.boundary, b.boundary)::geography) > ${overlapToleranceSquareMetres}`,
  );
  return result;
}

export interface CroppingPairRow extends Record<string, unknown> {
  field_id: number;
  cropping_id: number;
  other_id: number;
}

/** Pairs of visible croppings of the year on one field whose boundaries share more than the tolerance. */
export async function selectOverlappingCroppings(db: Db, access: CroppingAccess, yearId: number) {
  const result = await sqlRows<CroppingPairRow>(
    db,
    sql`
    SELECT a.field_id, a.id AS cropping_id, b.id AS other_id
      FROM croppings a
      JOIN croppings b ON b.field_id = a.field_id AND b.year_id = a.year_id AND a.id < b.id AND a.boundary && b.boundary
      JOIN fields f ON f.id = a.field_id
     WHERE a.holding_id = ${access.holdingId} AND a.year_id = ${yearId}
       AND ${croppingVisibleSql(access, sql`a.id`)} AND ${croppingVisibleSql(access, sql`b.id`)}
       AND NOT EXISTS (SELECT 1 FROM field_years fy WHERE fy.field_id = f.id AND fy.year_id = ${yearId} AND fy.disabled)
       AND ST_Intersects(a.boundary, b.boundary) AND NOT ST_Touches(a.boundary, b.boundary)
       AND ST_Area(ST_Intersection(a.boundary, b.boundary)::geography) > ${overlapToleranceSquareMetres}`,
  );
  return result;
}

/** Visible croppings of the year whose boundary reaches outside their field's boundary by more than the tolerance. */
export async function selectCroppingsOutsideField(db: Db, access: CroppingAccess, yearId: number) {
  const result = await sqlRows<{ field_id: number; cropping_id: number }>(
    db,
    sql`
    SELECT c.field_id, c.id AS cropping_id
      FROM croppings c
      JOIN fields f ON f.id = c.field_id
     WHERE c.holding_id = ${access.holdingId} AND c.year_id = ${yearId} AND c.boundary IS NOT NULL
       AND ${activeFieldSql(sql`f`, yearId)} AND ${croppingVisibleSql(access, sql`c.id`)}
       AND NOT ST_CoveredBy(c.boundary, f.boundary)
       AND ST_Area(ST_Difference(c.boundary, f.boundary)::geography) > ${overlapToleranceSquareMetres}`,
  );
  return result;
}
