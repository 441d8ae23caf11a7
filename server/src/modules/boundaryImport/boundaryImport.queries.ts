import { sql } from 'drizzle-orm';
import { duplicateOverlapShare } from '@headland/domain/importLimits';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';

export interface OverlapRow extends Record<string, unknown> {
  position: number;
  field_id: number;
  name: string;
  share: number;
}

/**
 * For each boundary (hex EWKB in 4326), the holding's field that covers the largest share of its area, when that
 * share is at least `duplicateOverlapShare`: the boundary is then probably that field imported again.
 */
export async function selectOverlaps(
  db: Db,
  holdingId: number,
  ewkbs: readonly string[],
): Promise<OverlapRow[]> {
  if (ewkbs.length === 0) return [];
  return sqlRows<OverlapRow>(
    db,
    sql`
    WITH imported AS (
      SELECT (t.ord - 1)::int AS position, ST_GeomFromEWKB(decode(t.value, 'hex')) AS g
        FROM jsonb_array_elements_text(${JSON.stringify(ewkbs)}::jsonb) WITH ORDINALITY AS t(value, ord)),
    shares AS (
      SELECT i.position, f.id AS field_id, f.name,
             ST_Area(ST_Intersection(f.boundary, i.g)::geography) / NULLIF(ST_Area(i.g::geography), 0) AS share
        FROM imported i
        JOIN fields f ON f.holding_id = ${holdingId} AND f.boundary IS NOT NULL
                     AND f.boundary && i.g AND ST_Intersects(f.boundary, i.g))
    SELECT DISTINCT ON (position) position, field_id, name, share::float8 AS share
      FROM shares
     WHERE share >= ${duplicateOverlapShare}::float8
     ORDER BY position, share DESC`,
  );
}

/** The holding's fields among `ids`, locked for the rest of the transaction. */
export async function selectFieldsForReplace(
  db: Db,
  holdingId: number,
  ids: readonly number[],
): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  return sqlRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM fields
         WHERE holding_id = ${holdingId} AND id = ANY (${`{${ids.join(',')}}`}::int[])
         ORDER BY id FOR UPDATE`,
  );
}

/**
 * Gives fields new boundaries (hex EWKB in 4326, already checked and measured) and clips their croppings to
 * them: a cropping's own boundary becomes its part inside the field, and no cropping keeps an area larger
 * than its clipped boundary's, or (without a boundary) than the field's when the field's area is its boundary's.
 * Answers how many croppings changed.
 */
export async function replaceBoundaries(
  db: Db,
  holdingId: number,
  replacements: readonly { fieldId: number; ewkb: string; area: number }[],
): Promise<{ clipped: number; fields: { id: number; name: string; boundary_area: number }[] }> {
  if (replacements.length === 0) return { clipped: 0, fields: [] };
  const records = JSON.stringify(replacements.map((r) => ({ id: r.fieldId, ewkb: r.ewkb, area: r.area })));
  const fields = await sqlRows<{ id: number; name: string; boundary_area: number }>(
    db,
    sql`
    UPDATE fields f
       SET boundary = ST_GeomFromEWKB(decode(r.ewkb, 'hex')), boundary_area = r.area, updated_at = now()
      FROM jsonb_to_recordset(${records}::jsonb) AS r(id int, ewkb text, area numeric)
     WHERE f.id = r.id AND f.holding_id = ${holdingId}
    RETURNING f.id, f.name, f.boundary_area::float8 AS boundary_area`,
  );
  const clipped = await sqlRows<{ id: number }>(
    db,
    sql`
    WITH targets AS (
      SELECT c.id, c.area, CASE WHEN f.area_type = 'Boundary' THEN f.boundary_area END AS field_area,
             CASE WHEN c.boundary IS NULL THEN NULL
                  ELSE ST_Multi(ST_CollectionExtract(ST_Intersection(c.boundary, f.boundary), 3)) END AS clipped,
             c.boundary IS NOT NULL AND NOT ST_CoveredBy(c.boundary, f.boundary) AS outside
        FROM croppings c
        JOIN fields f ON f.id = c.field_id
       WHERE f.holding_id = ${holdingId} AND f.id = ANY (${`{${replacements.map((r) => r.fieldId).join(',')}}`}::int[])),
    measured AS (
      SELECT id, area, outside, clipped,
             CASE WHEN clipped IS NULL OR ST_IsEmpty(clipped) THEN field_area
                  ELSE round((ST_Area(clipped::geography) / 10000)::numeric, 4) END AS limit_area
        FROM targets)
    UPDATE croppings c
       SET boundary = CASE WHEN m.outside THEN (CASE WHEN ST_IsEmpty(m.clipped) THEN NULL ELSE m.clipped END)
                           ELSE c.boundary END,
           area = CASE WHEN c.area IS NOT NULL AND c.area > m.limit_area THEN m.limit_area ELSE c.area END,
           updated_at = now()
      FROM measured m
     WHERE c.id = m.id AND (m.outside OR (c.area IS NOT NULL AND c.area > m.limit_area))
    RETURNING c.id`,
  );
  return { clipped: clipped.length, fields };
}

/** A new field of an import: its order in the file, name, number, group, boundary (EWKB, hex) and area. */
export interface ImportedFieldValues {
  ord: number;
  name: string;
  number: string | null;
  grp: string | null;
  ewkb: string;
  area: number;
}

/**
 * Inserts the imported fields in the file's order, with the holding's NVZ flag and every crop year of the
 * holding; answers each one's id, name and area.
 */
export async function insertImportedFields(
  tx: Db,
  holdingId: number,
  rows: readonly ImportedFieldValues[],
): Promise<{ id: number; name: string; boundary_area: number }[]> {
  const inserted = await sqlRows<{ id: number; name: string; boundary_area: number }>(
    tx,
    sql`
    INSERT INTO fields (holding_id, name, field_number, field_group, boundary, area_type, boundary_area, nvz)
    SELECT ${holdingId}, r.name, r.number, r.grp, ST_GeomFromEWKB(decode(r.ewkb, 'hex')), 'Boundary', r.area,
           (SELECT nvz FROM holdings WHERE id = ${holdingId})
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           AS r(ord int, name text, number text, grp text, ewkb text, area numeric)
     ORDER BY r.ord
    RETURNING id, name, boundary_area::float8 AS boundary_area`,
  );
  const ids = inserted.map((row) => row.id);
  await tx.execute(sql`
    INSERT INTO field_years (field_id, year_id, disabled)
    SELECT f.id, y.year_id, false
      FROM unnest(${`{${ids.join(',')}}`}::int[]) AS f(id)
      CROSS JOIN holding_crop_years y
     WHERE y.holding_id = ${holdingId}`);
  return inserted;
}
