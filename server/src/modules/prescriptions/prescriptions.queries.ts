import { sql, type SQL } from 'drizzle-orm';
import { croppingVisibleSql, type CroppingAccess } from '../../auth/croppingAccess.ts';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';

/**
 * Prescription plans and their zones. Every read of a zone goes through `fieldVisible`: a restricted member
 * never gets a field whose cropping of the plan's year is hidden from them, nor its zones or totals.
 */

export interface PlanRow {
  id: number;
  name: string;
  yearId: number;
  status: number;
  productKey: string;
  productName: string;
  rateUnitId: number;
  layerId: number | null;
  headlandM: number;
}

export interface PlanZoneRow {
  id: number;
  fieldId: number;
  fieldName: string;
  zoneNumber: number;
  rate: number;
  areaHa: number;
}

const planColumns = sql`p.id, p.name, p.year_id AS "yearId", p.status, p.product_key AS "productKey",
  p.product_name AS "productName", p.rate_unit_id AS "rateUnitId", p.layer_id AS "layerId",
  p.headland_m AS "headlandM"`;

/** The same rule as the fields export: a field's year is hidden when any of that year's croppings on it is. */
function fieldVisible(access: CroppingAccess, field: SQL, yearId: SQL): SQL {
  if (!access.restricted) return sql`TRUE`;
  return sql`NOT EXISTS (SELECT 1 FROM croppings h WHERE h.field_id = ${field} AND h.year_id = ${yearId}
                           AND NOT (${croppingVisibleSql(access, sql`h.id`)}))`;
}

export async function selectPlans(db: Db, holdingId: number, yearId: number | undefined): Promise<PlanRow[]> {
  const year = yearId === undefined ? sql`TRUE` : sql`p.year_id = ${yearId}`;
  return sqlRows<PlanRow>(
    db,
    sql`SELECT ${planColumns} FROM prescription_plans p WHERE p.holding_id = ${holdingId} AND ${year}
         ORDER BY p.year_id DESC, lower(p.name), p.id`,
  );
}

export async function selectPlan(
  db: Db,
  holdingId: number,
  id: number,
  lock = false,
): Promise<PlanRow | null> {
  const rows = await sqlRows<PlanRow>(
    db,
    sql`SELECT ${planColumns} FROM prescription_plans p WHERE p.id = ${id} AND p.holding_id = ${holdingId}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows[0] ?? null;
}

export async function planNames(db: Db, holdingId: number): Promise<{ id: number; name: string }[]> {
  return sqlRows(db, sql`SELECT id, name FROM prescription_plans WHERE holding_id = ${holdingId}`);
}

/** The zones of plans that `access` may see, with their field's name, in field and zone order. */
export async function selectPlanZones(
  db: Db,
  access: CroppingAccess,
  planIds: readonly number[],
): Promise<(PlanZoneRow & { planId: number })[]> {
  if (planIds.length === 0) return [];
  return sqlRows(
    db,
    sql`SELECT z.id, z.plan_id AS "planId", z.field_id AS "fieldId", f.name AS "fieldName",
               z.zone_number AS "zoneNumber", z.rate, z.area_ha AS "areaHa"
          FROM prescription_zones z
          JOIN prescription_plans p ON p.id = z.plan_id
          JOIN fields f ON f.id = z.field_id AND f.holding_id = p.holding_id
         WHERE p.holding_id = ${access.holdingId}
           AND z.plan_id IN (${sql.join(
             planIds.map((id) => sql`${id}`),
             sql`, `,
           )})
           AND ${fieldVisible(access, sql`z.field_id`, sql`p.year_id`)}
         ORDER BY lower(f.name), f.id, z.zone_number, z.id`,
  );
}

export async function insertPlan(
  tx: Db,
  holdingId: number,
  userId: number | null,
  plan: Omit<PlanRow, 'id' | 'status'>,
): Promise<number> {
  const [row] = await sqlRows<{ id: number }>(
    tx,
    sql`INSERT INTO prescription_plans (holding_id, name, year_id, product_key, product_name, rate_unit_id,
                                         layer_id, headland_m, created_by)
        VALUES (${holdingId}, ${plan.name}, ${plan.yearId}, ${plan.productKey}, ${plan.productName},
                ${plan.rateUnitId}, ${plan.layerId}, ${plan.headlandM}, ${userId})
        RETURNING id`,
  );
  return row!.id;
}

/**
 * The layer's zones clipped by PostGIS to each field boundary the caller may see, less `headlandM` metres of
 * the field's edge (a geodesic inward buffer); slivers under a square metre are dropped. The rate starts as the
 * zone's product rate (application layers), else its value. Returns how many zones were written.
 */
/**
 * The overlay's precision grid, in degrees (about 0.1 mm). A zone cut from a grid cell along the field's edge
 * shares that edge: the floating-point overlay fails on such near-coincident edges, and the embedded database's
 * GEOS then gives no row at all rather than an error, so the zone vanished from the plan. A fixed grid makes the
 * overlay robust on both engines.
 */
const overlayGridDegrees = sql.raw('1e-9');

export async function insertClippedZones(
  tx: Db,
  access: CroppingAccess,
  planId: number,
  layerId: number,
  yearId: number,
  headlandM: number,
): Promise<number> {
  const inner =
    headlandM > 0 ? sql`ST_Buffer(f.boundary::geography, ${-headlandM})::geometry` : sql`f.boundary`;
  const rows = await sqlRows<{ n: number }>(
    tx,
    sql`WITH clipped AS (
          SELECT f.id AS field_id, z.zone_number, z.id AS zone_id,
                 coalesce(z.product_rate, z.value, 0) AS rate,
                 ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Intersection(ST_MakeValid(z.geom), ${inner}, ${overlayGridDegrees})), 3)) AS geom
            FROM layer_zones z
            JOIN data_layers l ON l.id = z.layer_id
            JOIN fields f ON f.holding_id = l.holding_id AND f.boundary IS NOT NULL AND NOT ST_IsEmpty(f.boundary)
                         AND (l.field_id IS NULL OR f.id = l.field_id)
                         AND ST_Intersects(z.geom, f.boundary)
           WHERE z.layer_id = ${layerId} AND l.holding_id = ${access.holdingId}
             AND ${fieldVisible(access, sql`f.id`, sql`${yearId}::int`)}
        ), measured AS (
          SELECT *, ST_Area(geom::geography) / 10000 AS area_ha FROM clipped WHERE NOT ST_IsEmpty(geom)
        ), inserted AS (
          INSERT INTO prescription_zones (plan_id, field_id, zone_number, rate, geom, area_ha)
          SELECT ${planId}, field_id,
                 row_number() OVER (PARTITION BY field_id ORDER BY zone_number NULLS LAST, zone_id),
                 rate, geom, area_ha
            FROM measured WHERE area_ha >= 0.0001
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM inserted`,
  );
  return rows[0]?.n ?? 0;
}

export async function rateBounds(tx: Db, planId: number): Promise<{ min: number; max: number }> {
  const [row] = await sqlRows<{ min: number; max: number }>(
    tx,
    sql`SELECT coalesce(min(rate), 0) AS min, coalesce(max(rate), 0) AS max
          FROM prescription_zones WHERE plan_id = ${planId}`,
  );
  return row ?? { min: 0, max: 0 };
}

export async function updatePlanRow(tx: Db, plan: PlanRow): Promise<void> {
  await tx.execute(
    sql`UPDATE prescription_plans
           SET name = ${plan.name}, status = ${plan.status}, product_key = ${plan.productKey},
               product_name = ${plan.productName}, rate_unit_id = ${plan.rateUnitId}, updated_at = now()
         WHERE id = ${plan.id}`,
  );
}

/** Sets zone rates; returns how many of the given zones are the plan's and visible (the rest are refused). */
export async function updateZoneRates(
  tx: Db,
  access: CroppingAccess,
  plan: PlanRow,
  zones: readonly { Id: number; Rate: number }[],
): Promise<number> {
  if (zones.length === 0) return 0;
  const values = sql.join(
    zones.map((zone) => sql`(${zone.Id}::int, ${zone.Rate}::float8)`),
    sql`, `,
  );
  const rows = await sqlRows<{ n: number }>(
    tx,
    sql`WITH changed AS (
          UPDATE prescription_zones z SET rate = v.rate
            FROM (VALUES ${values}) AS v(id, rate)
           WHERE z.id = v.id AND z.plan_id = ${plan.id}
             AND ${fieldVisible(access, sql`z.field_id`, sql`${plan.yearId}::int`)}
          RETURNING 1)
        SELECT count(*)::int AS n FROM changed`,
  );
  return rows[0]?.n ?? 0;
}

export async function deletePlanRow(tx: Db, holdingId: number, id: number): Promise<boolean> {
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`DELETE FROM prescription_plans WHERE id = ${id} AND holding_id = ${holdingId} RETURNING id`,
  );
  return rows.length > 0;
}

export interface PlanFileRow {
  fieldId: number;
  fieldName: string;
  /** The field's boundary as GeoJSON MultiPolygon (WGS 84, outer rings anticlockwise). */
  boundary: { type: 'MultiPolygon'; coordinates: number[][][][] };
  zones: {
    id: number;
    number: number;
    rate: number;
    areaHa: number;
    geometry: { type: 'MultiPolygon'; coordinates: number[][][][] };
  }[];
}

/** What a prescription file holds: each visible field's boundary and its zones, as PostGIS writes GeoJSON. */
export async function selectPlanFileRows(
  db: Db,
  access: CroppingAccess,
  plan: PlanRow,
): Promise<PlanFileRow[]> {
  const geo = (column: SQL) => sql`ST_AsGeoJSON(ST_ForcePolygonCCW(ST_Multi(${column})), 9)::json`;
  return sqlRows<PlanFileRow>(
    db,
    sql`SELECT f.id AS "fieldId", f.name AS "fieldName", ${geo(sql`f.boundary`)} AS boundary,
               json_agg(json_build_object('id', z.id, 'number', z.zone_number, 'rate', z.rate,
                        'areaHa', z.area_ha, 'geometry', ${geo(sql`z.geom`)}) ORDER BY z.zone_number) AS zones
          FROM prescription_zones z JOIN fields f ON f.id = z.field_id AND f.holding_id = ${access.holdingId}
         WHERE z.plan_id = ${plan.id} AND f.boundary IS NOT NULL
           AND ${fieldVisible(access, sql`f.id`, sql`${plan.yearId}::int`)}
         GROUP BY f.id, f.name, f.boundary
         ORDER BY lower(f.name), f.id`,
  );
}

export async function holdingTitle(db: Db, holdingId: number): Promise<{ name: string }> {
  const [row] = await sqlRows<{ name: string }>(
    db,
    sql`SELECT trading_name AS name FROM holdings WHERE id = ${holdingId}`,
  );
  return row ?? { name: 'Holding' };
}
